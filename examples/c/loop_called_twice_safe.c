// A loop in a function that is called twice: Boulder inlines the calls, so the loop has
// two heads, one per call, each with its own invariant. A correctness witness has one
// entry for the loop, which must hold at both: the disjunction of the two.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int n;

int sum(int k) {
  int i = 0;
  int s = 0;
  while (i < n) {
    i++;
    s += k;
  }
  if (s != (k == 1 ? n : n + n))
    reach_error();
  return s;
}

int main(void) {
  n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000)
    return 0;
  sum(1);
  sum(2);
  return 0;
}
