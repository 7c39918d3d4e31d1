// Two loops that may leave early, both to one label: the label is where large blocks
// meet without a loop, so CEGAR's certificate has a formula there of its own, and the
// correctness witness states it as a location invariant.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100)
    return 0;
  int i = 0;
  int j = 0;
  while (i < n) {
    if (__VERIFIER_nondet_int())
      goto END;
    i++;
  }
  while (j < i) {
    if (__VERIFIER_nondet_int())
      goto END;
    j++;
  }
END:
  if (j > n)
    reach_error();
  return 0;
}
