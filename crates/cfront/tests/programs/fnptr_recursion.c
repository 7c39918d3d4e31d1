// expect: true
// Recursion through a function pointer: `fact` calls itself through the global `step`,
// `sum` through its callback parameter; both stay within the recursion depth.
extern void reach_error(void);
int fact(int n);
int (*step)(int);
int fact(int n) { return n <= 1 ? 1 : n * step(n - 1); }
int sum(int n, int (*self)(int, void *)) {
  if (n == 0) return 0;
  return n + self(n - 1, (void *) self);
}
int sum_cb(int n, void *self) { return sum(n, (int (*)(int, void *)) self); }
int main(void) {
  step = fact;
  if (fact(5) != 120) reach_error();
  if (sum(4, sum_cb) != 10) reach_error();
  return 0;
}
