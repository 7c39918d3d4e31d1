// Fibonacci of an input: fib(n) >= n - 1 for 0 <= n <= 30 (no overflow in that range).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int fib(int n) {
  if (n < 1) return 0;
  if (n == 1) return 1;
  return fib(n - 1) + fib(n - 2);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 30) return 0;
  int r = fib(n);
  if (r < n - 1) reach_error();
  return 0;
}
