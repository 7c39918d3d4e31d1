// expect: true
// Callbacks: function pointer parameters (declared as pointers and as functions, C11
// 6.7.6.3:8) called by the functions they are passed to.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int square(int x) { return x * x; }
int negate(int x) { return -x; }
int apply(int (*f)(int), int x) { return f(x); }
void map(int *a, int n, int f(int)) { for (int i = 0; i < n; i++) a[i] = f(a[i]); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < -1000 || x > 1000) return 0;
  if (apply(square, x) < 0) reach_error();
  if (apply(negate, apply(negate, x)) != x) reach_error();
  int a[3] = { x, 2, -3 };
  map(a, 3, square);
  if (a[1] != 4 || a[2] != 9 || a[0] < 0) reach_error();
  map(a, 3, negate);
  if (a[2] != -9) reach_error();
  return 0;
}
