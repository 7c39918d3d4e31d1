// expect: false
// A pointer chosen by `?:` and called as `f(x)` and `(*f)(x)`: two increments reach 7.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
int main(void) {
  int c = __VERIFIER_nondet_int();
  int (*f)(int) = c ? inc : dec;
  int r = f(5);
  if (f == dec && r != 4) reach_error();
  if ((*f)(r) == 7) reach_error();
  return 0;
}
