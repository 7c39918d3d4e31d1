// expect: false
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
int main(void) {
  unsigned char u = __VERIFIER_nondet_uchar();
  _Bool b = __VERIFIER_nondet_bool();
  char c = __VERIFIER_nondet_char();
  if (u > 255 || b > 1 || c > 127 || c < -128) reach_error();
  if (u == 200 && b && c == -3) reach_error();
  return 0;
}
