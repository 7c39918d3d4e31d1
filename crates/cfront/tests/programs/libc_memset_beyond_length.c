// expect: unknown: undefined behaviour
// memset of four elements over memory that may hold fewer (its size known only at run time).
#include <string.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  int *a = malloc(n * sizeof(int));
  memset(a, 0, 4 * sizeof(int));
  free(a);
  return 0;
}
