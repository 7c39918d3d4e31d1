// expect: true
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 5);
  if (x < 3) reach_error();
  if (x == 6) abort();
  if (x == 7) exit(0);
  if (x == 6 || x == 7) reach_error();
  return 0;
}
