extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a > 0 && b > 0) {
    int c = a + b;
    return c;
  }
  return 0;
}
