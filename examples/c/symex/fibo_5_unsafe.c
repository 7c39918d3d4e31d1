extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* fibo(5) with a constant argument: the bug is reached (fibo(5) = 5). */
int fibo(int n) {
  if (n < 1) return 0;
  if (n == 1) return 1;
  return fibo(n - 1) + fibo(n - 2);
}

int main(void) {
  int x = 5;
  int result = fibo(x);
  if (result == 5) reach_error();
  return 0;
}
