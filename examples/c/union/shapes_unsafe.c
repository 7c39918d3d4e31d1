// Struct "inheritance" in C: each shape starts with a `struct base`, functions take a
// `struct base *` and convert it back to the shape its kind names. C11 6.7.2.1:15
// makes both conversions exact (a pointer to a struct is a pointer to its first
// member). The bound on the area is wrong for a circle of radius 9 (243): FALSE.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

enum kind { CIRCLE = 1, SQUARE = 2 };
struct base { enum kind kind; int id; };
struct circle { struct base b; int r; };
struct square { struct base b; int side; };

int area(struct base *s) {
  if (s->kind == CIRCLE) {
    struct circle *c = (struct circle *) s;
    return 3 * c->r * c->r;
  }
  struct square *q = (struct square *) s;
  return q->side * q->side;
}

int main(void) {
  struct circle c = { { CIRCLE, 1 }, 2 };
  struct square q = { { SQUARE, 2 }, 3 };
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 100) return 0;
  c.r = n % 10;
  q.side = n % 7;
  struct base *s = __VERIFIER_nondet_int() ? (struct base *) &c : (struct base *) &q;
  int a = area(s);
  if (a < 0 || a > 240) reach_error();
  if (s->kind == SQUARE && a != q.side * q.side) reach_error();
  return 0;
}
