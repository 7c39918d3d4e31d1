// expect: unknown: call through a
// A local function pointer assigned on one path only: on the other its value is
// indeterminate (C11 6.7.9:10), and calling it is undefined behaviour, not a call of the
// function the other path stores.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int inc(int x) { return x + 1; }
int main(void) {
  int (*f)(int);
  if (__VERIFIER_nondet_int()) f = inc;
  if (f(1) != 2) reach_error();
  return 0;
}
