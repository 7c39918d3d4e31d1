// expect: false
// property: no-overflow
extern long long __VERIFIER_nondet_longlong(void);
int main(void) {
  long long x = __VERIFIER_nondet_longlong();
  if (x < 0) x = -x;
  return (int) x;
}
