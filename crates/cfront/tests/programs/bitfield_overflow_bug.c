// expect: false
// property: no-overflow
// An int : 32 bit-field promotes to int: its ++ at INT_MAX overflows.
extern int __VERIFIER_nondet_int(void);
struct s { int w : 32; } s;
int main(void) {
  s.w = __VERIFIER_nondet_int();
  s.w++;
  return 0;
}
