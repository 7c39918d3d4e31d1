// A sensor value scaled into a range: every double in [0, 10] maps into [1, 6], with
// rounding (IEEE 754 binary64, round to nearest even). Expected: TRUE.
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);

static double scale(double x) { return x * 0.5 + 1.0; }

int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x >= 0.0 && x <= 10.0);
  double y = scale(x);
  if (!(y >= 1.0 && y <= 6.0)) reach_error();
  return 0;
}
