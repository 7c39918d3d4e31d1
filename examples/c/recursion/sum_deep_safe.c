// A linear recursion 20 calls deep: beyond the default --recursion-depth (8), so the
// portfolio raises the depth; `--recursion-depth 20` decides it with any engine.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int sum(int n, int m) { return n <= 0 ? m : sum(n - 1, m + 1); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < 0 || a > 19 || b < 0 || b > 1000) return 0;
  if (sum(a, b) != a + b) reach_error();
  return 0;
}
