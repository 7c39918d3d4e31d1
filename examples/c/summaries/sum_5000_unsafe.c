// A bug 5,000 calls deep: sum(5000) is 12,502,500. No inlining bound reaches it; a run of
// the program does (the chc engine's learning draws inputs around the program's
// constants), and its path, run again as a chain, is the counterexample.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int sum(int n) { if (n <= 0) return 0; return n + sum(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 20000) return 0;
  int s = sum(n);
  if (n == 5000 && s == 12502500) reach_error();
  return 0;
}
