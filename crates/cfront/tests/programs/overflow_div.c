// expect: false
// property: no-overflow
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (y != 0) return x / y;
  return 0;
}
