// expect: false
// Deeper calls are possible and bounded, but a bug within the depth is still FALSE.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int down(int n) {
  if (n == 3) reach_error();
  if (n <= 0) return 0;
  return down(n - 1) + 1;
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  if (a >= 0) down(a);
  return 0;
}
