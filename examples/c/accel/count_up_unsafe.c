// Two counters run a billion iterations: x climbs from a small input by 3 until it passes
// three billion, y counts the iterations. The assertion fails when the input is 0 (or 1, 2):
// then the loop runs exactly 10^9 times. No unrolling gets there; an accelerated loop does
// in one step (docs/engines/acceleration.md).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "count_up_unsafe.c", 8, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if (x >= 100) return 0;
  unsigned int y = 0;
  while (x < 3000000000u) {
    x += 3;
    y += 1;
  }
  __VERIFIER_assert(y != 1000000000u);
  return 0;
}
