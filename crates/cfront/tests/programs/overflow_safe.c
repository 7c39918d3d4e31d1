// expect: true
// property: no-overflow
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned u = __VERIFIER_nondet_uint();
  u = u * 3 + 7;
  char c = 127;
  c++;
  int x = __VERIFIER_nondet_int();
  if (x > -1000 && x < 1000) x = x * 1000 - 5;
  short s = 32767;
  s = s + 1;
  return (int) (u & 0xff) + c + (x & 0xffff) + s;
}
