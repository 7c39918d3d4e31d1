// expect: false
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 1) { double d = x; if (d > 0.5) return 1; }
  if (x == 2) reach_error();
  return 0;
}
