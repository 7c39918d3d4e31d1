// expect: true
// Division by zero and INT_MIN / -1 trap on x86 (SIGFPE): no execution gets past them.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int q = x / y;
  if (y == 0) reach_error();
  int r = x % y;
  if (x == -2147483647 - 1 && y == -1) reach_error();
  return q + r;
}
