// expect: false
// The square's area is side * side = 9, not 4.
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
  if (!k && a != 4) reach_error();
  void *v = &c.b;
  struct circle *cv = v;
  if (cv->r != 2) reach_error();
  return 0;
}
