// expect: unknown: an allocation whose type is not known
#include <stdlib.h>
extern void reach_error(void);
int main(void) { void *p = malloc(8); if (p) reach_error(); return 0; }
