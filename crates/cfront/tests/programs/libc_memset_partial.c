// expect: unknown: a size not a multiple of the element's
#include <string.h>
extern void reach_error(void);
int main(void) { int a[2]; memset(a, 0, 3); reach_error(); return 0; }
