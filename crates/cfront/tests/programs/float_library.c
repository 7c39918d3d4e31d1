// expect: true
// The exact part of <math.h> and its classification macros, on constants (the same
// functions on an input: float_library_input.c).
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  double ip;
  if (fabs(-2.5) != 2.5 || floor(-2.5) != -3.0 || ceil(-2.5) != -2.0) reach_error();
  if (round(2.5) != 3.0 || trunc(-2.7) != -2.0 || rint(2.5) != 2.0) reach_error();
  if (sqrt(2.25) != 1.5 || sqrtf(4.0f) != 2.0f) reach_error();
  if (fmin(1.0, 2.0) != 1.0 || fmax(1.0, NAN) != 1.0) reach_error();
  if (!signbit(copysign(3.0, -0.0)) || !isnan(NAN) || !isinf(INFINITY)) reach_error();
  if (modf(-3.25, &ip) != -0.25 || ip != -3.0) reach_error();
  if (fpclassify(1e-310) != FP_SUBNORMAL || isnormal(0.0)) reach_error();
  return 0;
}
