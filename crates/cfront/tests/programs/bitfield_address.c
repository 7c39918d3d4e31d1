// expect: unknown: the address of a bit-field
// `&s.f` is a constraint violation (C11 6.5.3.2:1): gcc rejects it; Boulder says so.
extern void reach_error(void);
struct s { unsigned f : 3; } s;
int main(void) {
  unsigned *p = &s.f;
  if (*p) reach_error();
  return 0;
}
