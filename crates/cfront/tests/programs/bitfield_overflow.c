// expect: true
// property: no-overflow
// Stores into bit-fields are conversions (gcc truncates), never arithmetic overflow; the
// promoted arithmetic (int) does not overflow here.
extern int __VERIFIER_nondet_int(void);
struct s { int i3 : 3; unsigned u2 : 2; int i31 : 31; } s;
int main(void) {
  int n = __VERIFIER_nondet_int();
  s.i3 = n;
  s.i3++;
  s.i3 += 100;
  s.u2 = n;
  s.u2 -= 7;
  s.i31 = 0x3fffffff;
  s.i31++;                         /* int arithmetic: 0x40000000 fits; the store wraps */
  return s.i3 + s.u2 + s.i31;
}
