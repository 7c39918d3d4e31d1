// expect: false
// The violation depends on the contents of uninitialised locals (an array, and a struct
// holding an array): replay initialises them with the counterexample's values.
extern void reach_error(void);
struct S { int n; short v[2]; };
int main(void) {
  int a[3];
  struct S s;
  if (a[1] == 42 && s.v[1] == 7 && s.n == -1) reach_error();
  return 0;
}
