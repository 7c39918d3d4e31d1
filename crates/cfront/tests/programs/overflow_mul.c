// expect: false
// property: no-overflow
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 40000 && x < 50000) return x * x;
  return 0;
}
