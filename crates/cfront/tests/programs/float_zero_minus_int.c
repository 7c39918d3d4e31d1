// expect: false
// gcc folds `0.0 - e` into `-e` even at -O0, giving -0.0 for e == 0 where IEEE gives
// +0.0; Boulder leaves the sign of a zero result with a constant zero operand open, so
// the bug the compiled program has is found (and replays).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i == 0);
  double d = 0.0 - i;
  if (1.0 / d < 0.0) reach_error();
  return 0;
}
