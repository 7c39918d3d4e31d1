// Power sum of degree 2: 6 * (1^2 + ... + k^2) == k(k+1)(2k+1). (unsafe: the sum is found for k = 1 and k = 2)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }

int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k <= 500);
  int x = 0, y = 0;
  while (y < k) {
    y = y + 1;
    x = x + y * y;
  }
  __VERIFIER_assert(6 * x != 2 * k * k * k + 3 * k * k + k || k == 0 || k > 2);
  return 0;
}
