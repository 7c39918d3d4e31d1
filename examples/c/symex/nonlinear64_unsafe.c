extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);

/* Two iterations of 64-bit cubes; the sum hits 9009 = 16^3 + 17^3 in the second iteration (n = 15). */
int main(void) {
  unsigned long long n = __VERIFIER_nondet_ulonglong();
  __VERIFIER_assume(n < 1000000);
  unsigned long long s = 0, a = n + 1, b = n + 2;
  for (unsigned long long i = 1; i <= 2; i++) {
    unsigned long long k = n + i;
    s = s + k * k * k;
  }
  if (s == 9009ULL) reach_error();
  return 0;
}
