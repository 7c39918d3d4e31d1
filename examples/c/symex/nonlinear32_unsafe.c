extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* Two iterations of 32-bit products and squares; the product hits 1080 in the second iteration (x = 5: 6 * 6 * 30). */
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  __VERIFIER_assume(x < 1000);
  unsigned int p = 1, a = 0, b = 1;
  for (int i = 1; i <= 2; i++) {
    a = x + i;
    b = b * a;
    p = a * a * b;
  }
  if (p == 1080) reach_error();
  return 0;
}
