// Recursion with a constant argument unfolds completely within the default depth.
extern void reach_error(void);
int fibo(int n) {
  if (n < 1) return 0;
  if (n == 1) return 1;
  return fibo(n - 1) + fibo(n - 2);
}
int main(void) {
  if (fibo(5) != 5) reach_error();
  return 0;
}
