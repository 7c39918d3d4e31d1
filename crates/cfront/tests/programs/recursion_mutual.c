// expect: true
// Mutual recursion counts towards one depth per function.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int is_odd(unsigned n);
int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 9) return 0;
  if (is_even(n) == is_even(n + 1)) reach_error();
  if (is_odd(n) != (int)(n % 2)) reach_error();
  return 0;
}
