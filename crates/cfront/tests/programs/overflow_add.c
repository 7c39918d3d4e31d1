// expect: false
// property: no-overflow
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0) { int y = x + 1000; return y; }
  return 0;
}
