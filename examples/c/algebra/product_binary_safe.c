// Product by binary decomposition of the multiplier: z + a * b == x * y throughout.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x <= 10000 && y >= 0 && y <= 10000);
  int a = x, b = y, z = 0;
  while (b != 0) {
    __VERIFIER_assert(z + a * b == x * y);
    if (b % 2 == 1) {
      z = z + a;
      b = b - 1;
    }
    a = 2 * a;
    b = b / 2;
  }
  __VERIFIER_assert(z == x * y);
  return 0;
}
