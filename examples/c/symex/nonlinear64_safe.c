extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);

/* Two iterations of 64-bit cubes; the sum is checked against its closed form. */
int main(void) {
  unsigned long long n = __VERIFIER_nondet_ulonglong();
  __VERIFIER_assume(n < 1000000);
  unsigned long long s = 0, a = n + 1, b = n + 2;
  for (unsigned long long i = 1; i <= 2; i++) {
    unsigned long long k = n + i;
    s = s + k * k * k;
  }
  if (s != a * a * a + b * b * b) reach_error();
  return 0;
}
