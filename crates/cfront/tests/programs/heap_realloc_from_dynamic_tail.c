// expect: false
// The element beyond a one-element old memory is not copied: it holds any value.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  int *a = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) a[i] = i + 10;
  int *b = realloc(a, 2 * sizeof(int));
  if (b[0] != 10) reach_error();
  if (n == 1 && b[1] != 11) reach_error();
  free(b);
  return 0;
}
