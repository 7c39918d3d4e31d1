extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
#include <stdlib.h>

/* A binary tree of depth 3 built by recursion with malloc, its values inputs in [0, 100),
   then its maximum computed and every value checked against it, recursively. */
struct node {
  int v;
  struct node *l, *r;
};

struct node *build(int depth) {
  if (depth == 0) return 0;
  struct node *n = malloc(sizeof *n);
  n->v = __VERIFIER_nondet_int();
  __VERIFIER_assume(n->v >= 0 && n->v < 100);
  n->l = build(depth - 1);
  n->r = build(depth - 1);
  return n;
}

int max(struct node *n) {
  if (!n) return -1;
  int a = max(n->l);
  int b = max(n->r);
  int m = n->v;
  if (a > m) m = a;
  if (b > m) m = b;
  return m;
}

int check(struct node *n, int bound) {
  if (!n) return 1;
  if (n->v > bound) return 0;
  return check(n->l, bound) && check(n->r, bound);
}

int main(void) {
  struct node *t = build(3);
  int m = max(t);
  if (!check(t, m)) reach_error();
  return 0;
}
