// expect: false
// A callback the caller trusts too much: `clamp` promises a bound, but one of the bounds
// passed to it does not clamp from below.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int low(int x) { return x < 0 ? 0 : x; }
int high(int x) { return x > 10 ? 10 : x; }
int clamp(int (*bound)(int), int x) { return bound(x); }
int main(void) {
  int c = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  int y = clamp(c > 0 ? low : high, x);
  if (y < 0) reach_error();
  return 0;
}
