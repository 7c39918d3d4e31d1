// Power sum of degree 5: 12 * (1^5 + ... + k^5) == k^2 (k+1)^2 (2k^2 + 2k - 1).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }

int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k <= 30);
  int x = 0, y = 0;
  while (y < k) {
    y = y + 1;
    x = x + y * y * y * y * y;
  }
  __VERIFIER_assert(12 * x == y * y * (y + 1) * (y + 1) * (2 * y * y + 2 * y - 1));
  return 0;
}
