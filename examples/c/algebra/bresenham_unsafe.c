// Bresenham's line drawing (unsafe: for X = 3 the assertion asks y < Y, but y reaches Y)
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!cond) reach_error(); }

int main(void) {
  int X = __VERIFIER_nondet_int();
  int Y = __VERIFIER_nondet_int();
  __VERIFIER_assume(X >= 1 && X <= 1000 && Y >= 0 && Y <= X);
  int v = 2 * Y - X, x = 0, y = 0;
  while (x <= X) {
    if (v < 0) {
      v = v + 2 * Y;
    } else {
      v = v + 2 * (Y - X);
      y = y + 1;
    }
    x = x + 1;
  }
  __VERIFIER_assert(y <= Y - (X == 3));
  return 0;
}
