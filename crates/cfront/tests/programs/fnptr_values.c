// expect: true
// Function pointers as values: `&f` and `f`, `*fp` and `**fp`, comparisons with each other
// and with null, casts to another function pointer type and back (C11 6.3.2.3:8), a
// prototype-less pointer, a pointer to a function pointer, a function returning one, a
// struct field, and a round trip through `void *` (POSIX).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
typedef int (*unary)(int);
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
unary pick(int c) { return c ? &inc : dec; }
struct ops { unary up; unary down; int bias; };
int main(void) {
  int c = __VERIFIER_nondet_int();
  unary f = pick(c);
  if (f == 0 || (c && f != inc) || (!c && f != &dec)) reach_error();
  if ((**f)(10) != (c ? 11 : 9)) reach_error();
  void (*g)(void) = (void (*)(void)) f;
  unary h = (unary) g;
  if (h != f || h(0) != f(0)) reach_error();
  int (*u)() = inc;
  if (u(41) != 42) reach_error();
  unary *pp = &f;
  *pp = inc;
  if (f(1) != 2) reach_error();
  struct ops o = { inc, dec, 3 };
  if (o.up(o.down(o.bias)) != 3) reach_error();
  void *v = (void *) dec;
  unary w = (unary) v;
  if (w(0) != -1) reach_error();
  unary none = 0;
  if (none || none == inc) reach_error();
  return 0;
}
