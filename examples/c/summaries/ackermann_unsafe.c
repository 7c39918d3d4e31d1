// Ackermann's function with bounded arguments and a wrong claim: A(m, n) > n + 1 fails
// for m = 0.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int ack(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (m < 0 || m > 3 || n < 0 || n > 5) return 0;
  int r = ack(m, n);
  if (r <= n + 1) reach_error();
  return 0;
}
