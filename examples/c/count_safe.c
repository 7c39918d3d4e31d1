// Counts up to a bound read from the input; safe.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int i = 0, s = 0;
  if (n > 100) return 0;
  while (i < n) { i++; s += 2; }
  if (s != 2 * n) reach_error();
  return 0;
}
