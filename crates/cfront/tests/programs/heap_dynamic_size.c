// expect: false
// An array whose length is an input: filled, summed; the bug needs n == 5.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 10) return 0;
  int *a = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) a[i] = i;
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  if (s == 10) reach_error();
  free(a);
  return 0;
}
