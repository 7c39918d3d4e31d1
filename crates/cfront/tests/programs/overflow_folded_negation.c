// expect: false
// property: no-overflow
// -x overflows for x == INT_MIN. gcc folds `-x - 23` into `-23 - x` before its sanitizer
// instruments it, and that does not overflow: the replay confirms the violation with
// clang's sanitizer, which sees the operation as written.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x < 0);
  int y = -x - 23;
  return y & 1;
}
