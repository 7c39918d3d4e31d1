// expect: true
// realloc to a constant size of memory whose size was known only at run time: exactly the
// elements below the old length are copied.
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
  if (n >= 2 && b[1] != 11) reach_error();
  free(b);
  return 0;
}
