// Power sum of degree 3: 4 * (1^3 + ... + k^3) == (k(k+1))^2. (unsafe: wrong once k >= 7)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }

int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k <= 100);
  int x = 0, y = 0;
  while (y < k) {
    y = y + 1;
    x = x + y * y * y;
  }
  __VERIFIER_assert(4 * x == k * k * (k + 1) * (k + 1) - 4 * (k / 7));
  return 0;
}
