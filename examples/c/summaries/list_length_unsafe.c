// The length of a list built from an input count (at most 8 nodes), computed
// recursively, with a wrong claim: it is never 5.
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct node { int value; struct node *next; };
int length(struct node *l) {
  if (l == 0) return 0;
  return 1 + length(l->next);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 8) return 0;
  struct node *l = 0;
  for (int i = 0; i < n; i++) {
    struct node *x = malloc(sizeof(struct node));
    x->value = i;
    x->next = l;
    l = x;
  }
  if (length(l) == 5) reach_error();
  return 0;
}
