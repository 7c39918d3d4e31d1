// expect: false
// Code runs after the recursive call returns, in every activation: the last activation
// to finish is the outermost one.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
unsigned last;
unsigned count(unsigned n) {
  if (n == 0) return 0;
  unsigned r = count(n - 1) + 1;
  last = n;
  return r;
}
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 5) return 0;
  unsigned r = count(n);
  if (r != n) reach_error();
  if (n > 0 && last != n) reach_error();
  if (n == 4) reach_error();
  return 0;
}
