// expect: true
// Struct "inheritance": a pointer to the first member (the base) converted back to the struct that contains it, also where the pointer may hold several objects.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct base { int kind; int id; };
struct circle { struct base b; int r; };
struct square { struct base b; int side; int extra; };
int area(struct base *s) {
  if (s->kind == 1) {
    struct circle *c = (struct circle *) s;
    return 3 * c->r * c->r;
  }
  struct square *q = (struct square *) s;
  return q->side * q->side;
}
int main(void) {
  struct circle c = { {1, 10}, 2 };
  struct square sq = { {2, 11}, 3, 0 };
  int k = __VERIFIER_nondet_int();
  struct base *s = k ? (struct base *) &c : (struct base *) &sq;
  int a = area(s);
  if (k && a != 12) reach_error();
  if (!k && a != 9) reach_error();
  void *v = &c.b;
  struct circle *cv = v;
  if (cv->r != 2) reach_error();
  return 0;
}
