// The bug lies within the recursion depth: found on the exact unfolded program.
extern void reach_error(void);
int fibo(int n) {
  if (n < 1) return 0;
  if (n == 1) return 1;
  return fibo(n - 1) + fibo(n - 2);
}
int main(void) {
  if (fibo(5) == 5) reach_error();
  return 0;
}
