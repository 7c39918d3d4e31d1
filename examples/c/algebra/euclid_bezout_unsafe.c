// Extended Euclid by subtraction: a == p*x + r*y and b == q*x + s*y throughout, so the gcd is a combination of x and y. (unsafe: wrong when x is twice y)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 1 && x <= 1000 && y >= 1 && y <= 1000);
  int a = x, b = y, p = 1, q = 0, r = 0, s = 1;
  while (a != b) {
    if (a > b) {
      a = a - b;
      p = p - q;
      r = r - s;
    } else {
      b = b - a;
      q = q - p;
      s = s - r;
    }
  }
  __VERIFIER_assert(a == p * x + r * y + (x == 2 * y));
  return 0;
}
