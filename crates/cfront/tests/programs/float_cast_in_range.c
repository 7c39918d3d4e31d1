// expect: true
// property: no-overflow
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
int main(void) {
  double d = __VERIFIER_nondet_double();
  __VERIFIER_assume(d > -2147483649.0 && d < 2147483648.0);
  int i = (int) d;
  return i & 1;
}
