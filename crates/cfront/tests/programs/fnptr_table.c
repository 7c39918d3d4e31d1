// expect: true
// A dispatch table: a global array of function pointers initialised statically, indexed
// by an input; every entry keeps the result in range, and the table compares as written.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
static int inc(int x) { return x + 1; }
static int dec(int x) { return x - 1; }
static int twice(int x) { return 2 * x; }
int (*table[3])(int) = { inc, dec, twice };
int main(void) {
  int i = __VERIFIER_nondet_int();
  int x = __VERIFIER_nondet_int();
  if (i < 0 || i > 2 || x < 0 || x > 100) return 0;
  int y = table[i](x);
  if (y < -1 || y > 200) reach_error();
  if (i == 2 && y != x + x) reach_error();
  if (table[0] != inc || table[2] == dec || table[1] != &dec) reach_error();
  return 0;
}
