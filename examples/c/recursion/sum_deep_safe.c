// A linear recursion 20 calls deep: beyond the first --recursion-depth (2), so an engine
// on the flat CFA inlines deeper until 32; symex unwinds it on its own.
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
