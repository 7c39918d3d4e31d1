// A double converted to int without a range check: undefined when the integral part does
// not fit (C11 6.3.1.4:1). Run with `--prop no-overflow`. Expected: FALSE(no-overflow),
// confirmed on replay by gcc's -fsanitize=float-cast-overflow.
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);

int main(void) {
  double d = __VERIFIER_nondet_double();
  __VERIFIER_assume(d >= 0.0);
  int cents = (int) (d * 100.0);
  return cents % 7;
}
