// A list appended to through a pointer to the head pointer (`struct node **`); the
// check forgets that the first append sets the head.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct node { int data; struct node *next; };
void append(struct node **head, int data) {
  struct node *n = malloc(sizeof *n);
  n->data = data;
  n->next = NULL;
  if (*head == NULL) { *head = n; return; }
  struct node *last = *head;
  while (last->next != NULL) last = last->next;
  last->next = n;
}
int main(void) {
  struct node *head = NULL;
  append(&head, 1);
  append(&head, 2);
  append(&head, 3);
  int expect = 1;
  for (struct node *p = head; p != NULL; p = p->next) {
    if (p->data != expect) reach_error();
    expect++;
  }
  if (expect != 4 || head->next->next->data == 3) reach_error();
  return 0;
}
