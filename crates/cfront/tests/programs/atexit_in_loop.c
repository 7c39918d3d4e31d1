// expect: false
// Registrations in a loop: the handler runs once per registration.
#include <stdlib.h>
extern void reach_error(void);
int runs = 0;
void h(void) { runs++; if (runs == 3) reach_error(); }
int main(void) {
  for (int i = 0; i < 3; i++) atexit(h);
  return 0;
}
