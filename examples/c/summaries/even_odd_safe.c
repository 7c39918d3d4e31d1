// Mutual recursion: is_even(n) and is_odd(n) agree with n % 2 for every n >= 0.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int is_odd(int n);
int is_even(int n) {
  if (n == 0) return 1;
  return is_odd(n - 1);
}
int is_odd(int n) {
  if (n == 0) return 0;
  return is_even(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  int e = is_even(n);
  if (e != (n % 2 == 0)) reach_error();
  return 0;
}
