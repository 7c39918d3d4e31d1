// expect: unknown: dereference of a null pointer
#include <stdlib.h>
extern void reach_error(void);
struct node { int v; struct node *next; };
int main(void) {
  struct node *n = malloc(sizeof *n);
  n->next = NULL;
  n->next->v = 1;
  reach_error();
  return 0;
}
