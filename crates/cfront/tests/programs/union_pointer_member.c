// expect: unknown: a union with a pointer member
extern void reach_error(void);
union P { int *p; unsigned long u; };
int main(void) {
  int x = 3;
  union P v;
  v.p = &x;
  if (*v.p != 3) reach_error();
  return 0;
}
