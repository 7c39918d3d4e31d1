// expect: true
#include <stdlib.h>
extern void reach_error(void);
int main(void) { int *p = malloc(sizeof(int)); *p = 1; if (*p != 1) reach_error(); return 0; }
