// expect: false
// A handler that calls exit: glibc goes on with the handlers not yet run (c, b, then a);
// the status is the inner exit's.
#include <stdlib.h>
extern void reach_error(void);
int order = 0;
void a(void) { order = order * 10 + 1; if (order == 321) reach_error(); }
void b(void) { order = order * 10 + 2; exit(5); }
void c(void) { order = order * 10 + 3; }
int main(void) {
  atexit(a);
  atexit(b);
  atexit(c);
  return 0;
}
