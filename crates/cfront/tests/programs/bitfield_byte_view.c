// expect: unknown: a character pointer into a struct with bit-fields
// The bytes of a struct with bit-fields mix several fields: outside the model, by name.
extern void reach_error(void);
struct s { unsigned a : 3, b : 5; } s;
int main(void) {
  s.a = 5;
  unsigned char *p = (unsigned char *) &s;
  if (p[0] != 5) reach_error();
  return 0;
}
