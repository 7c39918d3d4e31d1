// count_up_unsafe.c with the property that holds: the loop leaves x between three billion
// and three billion and two (no wrap-around: x + 3 stays below 2^32).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "count_up_safe.c", 5, "reach_error"); }
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
  __VERIFIER_assert(x >= 3000000000u && x <= 3000000002u);
  return 0;
}
