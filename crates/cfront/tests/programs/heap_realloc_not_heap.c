// expect: unknown: undefined behaviour
// realloc of memory that malloc did not return.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int g[2];
int main(void) {
  int *h = malloc(2 * sizeof(int));
  int *p = __VERIFIER_nondet_int() ? h : g;
  int *q = realloc(p, 4 * sizeof(int));
  q[0] = 1;
  free(q);
  return 0;
}
