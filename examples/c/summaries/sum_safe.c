// Recursive sum 0 + 1 + ... + n, bounded so that nothing overflows: at least n.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int sum(int n) {
  if (n <= 0) return 0;
  return n + sum(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10000) return 0;
  int s = sum(n);
  if (s < n) reach_error();
  return 0;
}
