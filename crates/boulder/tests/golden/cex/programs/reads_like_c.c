// The trace of --cex reads like the program: a pointer declaration as `p = malloc(…)`,
// each variable in its C type (`-7` for an int, `4294967289` for an unsigned), a struct
// initializer's members once, no line of the translation's own (heap liveness, result
// temporaries), no pointer offsets.
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct pt { int x; int y; };
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int main(int argc, char **argv) {
  struct pt a = {0, 0};
  int *p = malloc(sizeof(int));
  unsigned u = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 6) return 0;
  *p = -7;
  a.x = *p;
  int f = fact(n);
  if (f == 120 && u == (unsigned)-7 && a.x < 0) reach_error();
  free(p);
  return 0;
}
