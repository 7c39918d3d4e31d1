// expect: false
// `f`'s body is translated at its first call, inside a statement that is unsupported
// (`long double`) and undone; the body must stay for the other call.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int f(int x) { return x + 1; }
int main(void) {
  int c = __VERIFIER_nondet_int();
  if (c == 5 && c == 6) { long double d = f(1); }
  if (f(2) == 3) reach_error();
  return 0;
}
