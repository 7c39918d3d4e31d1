// expect: true
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0 && x < 0) { double d = x; if (d > 1.0) reach_error(); }
  return 0;
}
