// expect: true
// glibc's classification functions (what old <math.h> expands isinf/isnan to) take their
// declared type and return glibc's values: `__isinf(-inf)` is -1.
extern int __isinf(double);
extern int __isinff(float);
extern int __isnan(double);
extern void reach_error(void);
int main(void) {
  double minf = -__builtin_inf();
  if (__isinf(minf) != -1 || __isinf(1.0) != 0) reach_error();
  if (__isinff(1e300) != 1) reach_error(); /* 1e300 converts to float: +inf */
  if (!__isnan(__builtin_nan(""))) reach_error();
  return 0;
}
