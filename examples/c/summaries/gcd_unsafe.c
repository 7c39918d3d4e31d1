// Euclid's algorithm, recursive, with a wrong claim: the gcd of two positive numbers is
// not always smaller than both.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int gcd(int a, int b) {
  if (b == 0) return a;
  return gcd(b, a % b);
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a <= 0 || b <= 0 || a > 1000 || b > 1000) return 0;
  int g = gcd(a, b);
  if (g >= a) reach_error();
  return 0;
}
