// McCarthy's 91 function with a wrong claim: f91(102) is 92.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int f91(int n) {
  if (n > 100) return n - 10;
  return f91(f91(n + 11));
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < -1000000) return 0;
  int r = f91(n);
  if (n <= 102 && r != 91) reach_error();
  return 0;
}
