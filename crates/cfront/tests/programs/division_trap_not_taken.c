// expect: false
// A division that would trap on a path not taken cuts nothing.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int q = y != 0 ? x / y : 0;
  int r = (y == 0 || x % y == 1) ? 5 : q;
  if (y == 0 && r == 5) reach_error();
  return 0;
}
