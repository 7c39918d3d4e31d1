// calloc zeroes; malloc'd arrays indexed through the pointer.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int *z = calloc(4, sizeof(int));
  int *m = (int *) malloc(4 * sizeof(int));
  for (int i = 0; i < 4; i++) m[i] = z[i] + i;
  int s = 0;
  for (int *p = m; p < m + 4; p++) s += *p;
  if (s != 6) reach_error();
  free(z);
  free(m);
  return 0;
}
