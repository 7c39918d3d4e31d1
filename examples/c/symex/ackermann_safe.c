extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* Ackermann's function on constants: ack(2, 3) = 9, a nested recursion of depth 11. */
int ack(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ack(m - 1, 1);
  return ack(m - 1, ack(m, n - 1));
}

int main(void) {
  int r = ack(2, 3);
  if (r != 9) reach_error();
  return 0;
}
