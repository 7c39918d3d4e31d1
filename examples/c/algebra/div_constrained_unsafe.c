// Unsafe twin of div_constrained_safe.c (q == k at the end, and k may be 7). Division by repeated subtraction of inputs tied by an equation: random inputs almost
// never satisfy `x == k*y + 3` with y >= 100, so no random run reaches the loop; the
// models of BMC queries that reach it do, and the runs from those inputs give the samples
// from which `x == q*y + r` is learned (docs/engines/invariants.md, "Samples"). The loop
// runs k times, up to 1000: no unrolling exhausts it.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(y >= 100 && y <= 1000 && k >= 1 && k <= 1000 && x == k * y + 3);
  int q = 0, r = x;
  while (r >= y) {
    r = r - y;
    q = q + 1;
  }
  __VERIFIER_assert(x == q * y + r && r >= 0 && r < y && q != 7);
  return 0;
}
