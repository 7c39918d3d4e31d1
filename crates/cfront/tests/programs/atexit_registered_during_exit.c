// expect: false
// C11 7.22.4.4: a handler registered while exit runs handlers is called too, after the
// handler that registered it returns and before the earlier registered ones. gcc/glibc:
// b, c, a — the error is reached.
#include <stdlib.h>
extern void reach_error(void);
int order = 0;
void c(void) { order = order * 10 + 3; }
void b(void) { order = order * 10 + 2; atexit(c); }
void a(void) { order = order * 10 + 1; if (order == 231) reach_error(); }
int main(void) {
  atexit(a);
  atexit(b);
  return 0;
}
