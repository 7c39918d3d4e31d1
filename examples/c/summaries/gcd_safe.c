// Euclid's algorithm, recursive: the result divides neither more nor less than both
// arguments allow — it is positive and at most each argument.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int gcd(int a, int b) {
  if (b == 0) return a;
  return gcd(b, a % b);
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a <= 0 || b <= 0) return 0;
  int g = gcd(a, b);
  if (g <= 0 || g > a || g > b) reach_error();
  return 0;
}
