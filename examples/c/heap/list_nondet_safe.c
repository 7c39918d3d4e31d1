// A list of any length: no bound on the objects covers every run.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int data; struct node *next; };
int main(void) {
  struct node *head = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof(struct node));
    n->data = 1;
    n->next = head;
    head = n;
  }
  for (struct node *p = head; p; p = p->next)
    if (p->data != 1) reach_error();
  return 0;
}
