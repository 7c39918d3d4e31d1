// expect: false
// The bug needs three allocations at one site (within the heap bound).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int v; struct node *next; };
int main(void) {
  struct node *head = 0;
  int n = 0;
  while (__VERIFIER_nondet_int() && n < 5) {
    struct node *x = malloc(sizeof(struct node));
    x->v = n;
    x->next = head;
    head = x;
    n++;
  }
  if (head && head->next && head->next->next && head->next->next->v == 0 && head->v == 2)
    reach_error();
  return 0;
}
