// expect: false
// A nondeterministic float may be a NaN, which is unequal to itself (C11 F.9.3).
extern float __VERIFIER_nondet_float(void);
extern void reach_error(void);
int main(void) {
  float x = __VERIFIER_nondet_float();
  if (x != x) reach_error();
  return 0;
}
