// `?:` and `if` choosing between objects; a pointer stored in a struct.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct ref { int *target; int tag; };
int a, b;
int *pick(int c) { return c ? &a : &b; }
int main(void) {
  int c = __VERIFIER_nondet_int();
  int local = 7;
  struct ref r;
  r.target = c > 0 ? &local : pick(c);
  r.tag = c;
  *r.target = 5;
  if (c > 0 && local != 5) reach_error();
  if (c == 0 && b != 5) reach_error();
  if (c < 0 && a != 5) reach_error();
  int *q = &a;
  if (c == 3) q = &b;
  *q += 1;
  if (c == 3 && b != 1) reach_error();
  return 0;
}
