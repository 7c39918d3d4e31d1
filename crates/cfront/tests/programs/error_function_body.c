// expect: false
#include <assert.h>
extern void abort(void);
void reach_error() { __assert_fail("0", "x.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: {reach_error(); abort();} } }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assert(n != 12345);
  return 0;
}
