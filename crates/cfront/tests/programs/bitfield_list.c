// expect: true
// A heap list whose nodes carry a one-bit flag and a small counter in bit-fields: the
// flag survives being carried along, and the counter wraps at its width.
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct node {
  struct node *next;
  unsigned int marked : 1;
  unsigned int seen : 2;
  int value : 12;
};
static struct node *push(struct node *head, int marked) {
  struct node *n = malloc(sizeof *n);
  if (!n) exit(0);
  n->next = head;
  n->marked = marked;
  n->seen = 0;
  n->value = __VERIFIER_nondet_int();
  return n;
}
int main(void) {
  struct node *head = push(push(push(0, 0), 1), 0);
  int odd = 0;
  for (struct node *p = head; p; p = p->next) {
    p->seen += 5;                  /* 5 mod 4 */
    if (p->marked) odd++;
    if (p->value > 2047 || p->value < -2048) reach_error();
  }
  if (odd != 1) reach_error();
  if (head->seen != 1 || head->next->next->seen != 1) reach_error();
  return 0;
}
