// Newton steps for the square root of a in [1, 100], starting from a: every iterate stays
// positive (the divisions are exact IEEE 754 binary64 ones, rounded to nearest even).
// Expected: TRUE.
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

int main(void) {
  double a = __VERIFIER_nondet_double();
  __VERIFIER_assume(a >= 1.0 && a <= 100.0);
  double x = a;
  for (int i = 0; i < 2; i++) x = (x + a / x) / 2.0;
  if (!(x > 0.0)) reach_error();
  return 0;
}
