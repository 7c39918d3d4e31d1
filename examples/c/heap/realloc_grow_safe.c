// An array grown one element at a time in a loop keeps what it held: the sum of squares.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 3) return 0;
  int *a = 0;
  for (int i = 0; i < n; i++) {
    a = realloc(a, (i + 1) * sizeof(int));
    a[i] = i * i;
  }
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  if (s != n * (n - 1) * (2 * n - 1) / 6) reach_error();
  free(a);
  return 0;
}
