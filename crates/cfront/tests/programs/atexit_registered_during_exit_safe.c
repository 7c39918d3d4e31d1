// expect: true
// As atexit_registered_during_exit.c: the order is exactly b, c, a.
#include <stdlib.h>
extern void reach_error(void);
int order = 0;
void c(void) { order = order * 10 + 3; }
void b(void) { order = order * 10 + 2; atexit(c); }
void a(void) { order = order * 10 + 1; if (order != 231) reach_error(); }
int main(void) {
  atexit(a);
  atexit(b);
  return 0;
}
