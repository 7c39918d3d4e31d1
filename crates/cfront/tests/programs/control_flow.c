// expect: true
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int calls = 0;
int f(int v) { calls++; return v; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x < 10);
  if (x < 5) { if (x < 2) x = 0; else x = 1; } else x = 2;
  if (x > 2) reach_error();
  calls = 0;
  if (f(0) && f(1)) reach_error();
  if (calls != 1) reach_error();
  if (f(1) || f(0)) { } else reach_error();
  if (calls != 2) reach_error();
  int t = f(0) ? f(10) : f(20);
  if (t != 20 || calls != 4) reach_error();
  int c = (f(1), f(2));
  if (c != 2) reach_error();
  return 0;
}
