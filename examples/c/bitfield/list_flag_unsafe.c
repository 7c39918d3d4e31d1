// A list of requests in heap nodes, each with bit-fields as a driver would keep them: an
// `active` flag, a 3-bit priority and a signed 4-bit credit. The flag is only carried
// along. The bug: raising a priority does not saturate, so an active node of priority 7
// wraps to 0 (the 3-bit field keeps the low bits of 8).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct req {
  struct req *next;
  unsigned int active : 1;
  unsigned int prio : 3;
  int credit : 4;
};

static struct req *push(struct req *head, int prio) {
  struct req *r = malloc(sizeof *r);
  if (!r) exit(0);
  r->next = head;
  r->active = __VERIFIER_nondet_int() != 0;
  r->prio = prio;
  r->credit = -8;
  return r;
}

static void raise_all(struct req *head) {
  for (struct req *r = head; r; r = r->next)
    if (r->active) r->prio++;
}

int main(void) {
  struct req *head = 0;
  for (int i = 0; i < 3; i++) head = push(head, __VERIFIER_nondet_int());
  raise_all(head);
  for (struct req *r = head; r; r = r->next) {
    if (r->active && r->prio == 0) reach_error();
    if (r->credit != -8) reach_error();
  }
  return 0;
}
