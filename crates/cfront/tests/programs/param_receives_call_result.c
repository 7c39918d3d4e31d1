// expect: true
// A parameter that later receives a call's result (`e = c();`) is still the argument
// before that call: the flat CFA once read the callee's result variable for every read
// of `e` (a result-temporary rewrite that forgot parameters are written by calls).
extern void reach_error(void);
unsigned b;
int c(void) { return 0; }
void d(int e) {
  b = e;
  e = c();
  if (e != 0) reach_error();
}
int main(void) {
  d(~0);
  if (b != 4294967295u) reach_error();
  return 0;
}
