// expect: true
// A buffer grown by realloc keeps its first elements, shrunk keeps what fits, and
// realloc(NULL, n) allocates.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int *a = realloc(0, 2 * sizeof(int));
  int x = __VERIFIER_nondet_int();
  a[0] = x;
  a[1] = x + 1;
  int *b = realloc(a, 4 * sizeof(int));
  b[2] = b[1] + 1;
  b[3] = 7;
  if (b[2] != x + 2) reach_error();
  int *c = realloc(b, 1 * sizeof(int));
  if (c[0] != x) reach_error();
  free(c);
  return 0;
}
