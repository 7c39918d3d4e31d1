// expect: unknown: undefined behaviour
// The old pointer is used after realloc freed it.
#include <stdlib.h>
extern void reach_error(void);
int main(void) {
  int *a = malloc(2 * sizeof(int));
  a[0] = 1;
  int *b = realloc(a, 4 * sizeof(int));
  b[0] = 2;
  if (a[0] == 2) reach_error();
  free(b);
  return 0;
}
