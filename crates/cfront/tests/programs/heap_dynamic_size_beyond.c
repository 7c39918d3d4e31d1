// expect: unknown: an access beyond the allocated size
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 10) return 0;
  int *a = malloc(n * sizeof(int));
  a[n] = 1;
  reach_error();
  return 0;
}
