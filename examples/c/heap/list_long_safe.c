// Twelve nodes: more than the default heap bound.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int data; struct node *next; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 12; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->data = i;
    n->next = head;
    head = n;
  }
  int sum = 0;
  struct node *p = head;
  while (p != NULL) { sum += p->data; p = p->next; }
  if (sum != 66) reach_error();
  return 0;
}
