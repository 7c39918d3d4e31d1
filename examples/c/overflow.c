// Property no-overflow: the sum of two positive ints can overflow.
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a > 0 && b > 0) return a + b;
  return 0;
}
