// expect: false
// Operations in a table of structs, called through a pointer into it (`o->apply`): `sub`
// goes below zero for some inputs.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct op { const char *name; int (*apply)(int, int); };
int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }
int max(int a, int b) { return a > b ? a : b; }
struct op ops[] = { { "add", add }, { "sub", sub }, { "max", max } };
int main(void) {
  unsigned k = __VERIFIER_nondet_int();
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < 0 || a > 10 || b < 0 || b > 10) return 0;
  struct op *o = &ops[k % 3];
  int r = o->apply(a, b);
  if (r < 0) reach_error();
  return 0;
}
