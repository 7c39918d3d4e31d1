// expect: unknown: undefined behaviour
// strlen of memory whose terminating zero may lie beyond its run-time length.
#include <string.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  char *s = malloc(n);
  for (int i = 0; i < n; i++) s[i] = 'a';
  if (strlen(s) > 4) reach_error();
  free(s);
  return 0;
}
