// expect: unknown: `free` of memory already freed
#include <stdlib.h>
extern void reach_error(void);
int main(void) { int *p = malloc(sizeof(int)); free(p); free(p); reach_error(); return 0; }
