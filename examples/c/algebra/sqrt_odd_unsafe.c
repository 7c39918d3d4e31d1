// Integer square root by sums of odd numbers: after a steps s == (a+1)^2 and t == 2a+1. (unsafe: s is (a+1)^2, not a^2 + 2a)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 1000000);
  int a = 0, s = 1, t = 1;
  while (s <= n) {
    a = a + 1;
    t = t + 2;
    s = s + t;
  }
  __VERIFIER_assert(s == a * a + 2 * a);
  return 0;
}
