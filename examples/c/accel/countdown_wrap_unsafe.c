// A signed counter stepped down by 7 from an input until it is at most -2^31 + 6: the
// last step lands it at most 6 above INT_MIN, and the assertion claims it never gets
// below -2^31 + 3. Which is reached depends on the input modulo 7; the loop runs about
// 3·10^8 times, so the bug needs acceleration (signed comparisons: the counter's range
// is that of int).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "countdown_wrap_unsafe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); abort(); } }

int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 1000) return 0;
  while (i > -2147483642) {
    i -= 7;
  }
  __VERIFIER_assert(i >= -2147483645);
  return 0;
}
