// expect: true
// _exit and _Exit end the program without running the atexit handlers (C11 7.22.4.5).
#include <stdlib.h>
#include <unistd.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void a(void) { reach_error(); }
int main(void) {
  atexit(a);
  if (__VERIFIER_nondet_int()) _exit(0);
  _Exit(1);
}
