// McCarthy's 91 function: for every n <= 101 the result is 91; the recursion depth
// depends on the input. Needs a summary, not an unwinding.
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
  if (n <= 101 && r != 91) reach_error();
  if (n > 101 && r != n - 10) reach_error();
  return 0;
}
