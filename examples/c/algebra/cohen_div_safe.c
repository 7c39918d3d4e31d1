// Cohen's integer division: q and r by repeated doubling of the divisor; x == q*y + r holds throughout.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x <= 100000 && y >= 1 && y <= 1000);
  int q = 0, r = x;
  while (r >= y) {
    int a = 1, b = y;
    while (r >= 2 * b) {
      __VERIFIER_assert(b == a * y && x == q * y + r);
      a = 2 * a;
      b = 2 * b;
    }
    r = r - b;
    q = q + a;
  }
  __VERIFIER_assert(x == q * y + r);
  return 0;
}
