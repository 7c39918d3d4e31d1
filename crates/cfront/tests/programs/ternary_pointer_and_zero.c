// expect: true
// `?:` between a pointer and the null pointer constant `0`, in either order (C11 6.5.15:6),
// for data and function pointers.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int inc(int x) { return x + 1; }
int g;
int *where(int c) { return c ? &g : 0; }
int main(void) {
  int c = __VERIFIER_nondet_int();
  int (*f)(int) = c ? 0 : inc;
  int (*h)(int) = c ? inc : 0;
  int *p = c ? 0 : &g;
  if (f && f(1) != 2) reach_error();
  if (h && h(1) != 2) reach_error();
  if (c && (f || !h || p)) reach_error();
  int *q = where(1);
  *q = 5;
  if (g != 5 || where(0)) reach_error();
  return 0;
}
