// expect: false
#include <stdlib.h>
extern void reach_error(void);
int order = 0;
void first(void) { if (order != 1) reach_error(); order = 2; }
void second(void) { order = 1; }
void check(void) { if (order == 2) reach_error(); }
int main(void) {
  atexit(check);
  atexit(first);
  atexit(second);
  return 0;
}
