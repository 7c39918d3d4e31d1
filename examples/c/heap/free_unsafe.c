// A list node freed and then read: undefined behaviour, never a verdict.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int data; struct node *next; };
int main(void) {
  struct node *n = malloc(sizeof(struct node));
  n->data = 1;
  n->next = NULL;
  free(n);
  if (n->data == 1) reach_error();
  return 0;
}
