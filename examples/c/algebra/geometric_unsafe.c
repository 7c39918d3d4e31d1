// Geometric series: x = 1 + z + ... + z^(c-1) and y = z^c, so (z - 1) * x == y - 1. (unsafe: x reaches 7 for z = 6, k = 2)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }

int main(void) {
  int z = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(z >= 0 && z <= 10 && k >= 1 && k <= 8);
  int x = 1, y = z, c = 1;
  while (c < k) {
    c = c + 1;
    x = x * z + 1;
    y = y * z;
  }
  __VERIFIER_assert(x * z - x - y + 1 == 0 && x != 7);
  return 0;
}
