// expect: true
// The exact part of <math.h> on an input (on constants: float_library.c). Apart, as one
// program Z3 takes minutes over the FP terms of both.
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  __VERIFIER_assume(x >= 0.0 && x <= 1e6);
  if (sqrt(x) < 0.0 || fabs(-x) != x) reach_error();
  if (floor(x) > x || ceil(x) < x) reach_error();
  return 0;
}
