// expect: false
// property: no-overflow
// A double whose integral part an int cannot hold: undefined (C11 6.3.1.4:1).
extern double __VERIFIER_nondet_double(void);
extern void __VERIFIER_assume(int);
int main(void) {
  double d = __VERIFIER_nondet_double();
  __VERIFIER_assume(d > 0.0);
  int i = (int) d;
  return i & 1;
}
