// A list of any length; the bug needs three nodes (within the heap bound).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int data; struct node *next; };
int main(void) {
  struct node *head = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof(struct node));
    n->data = __VERIFIER_nondet_int();
    n->next = head;
    head = n;
  }
  int len = 0;
  for (struct node *p = head; p; p = p->next) len++;
  if (len == 3) reach_error();
  return 0;
}
