// expect: false
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (y != 0 && x / y == 7 && x % y == 3) reach_error();
  return 0;
}
