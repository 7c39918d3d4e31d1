// expect: false
// Storing an int into a signed 4-bit field keeps the low bits (gcc): 8 reads back as -8.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct s { int small : 4; unsigned flag : 1; } s;
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100) return 0;
  s.small = x;
  s.flag = x;
  if (s.small < 0 && s.flag == 0) reach_error();
  return 0;
}
