// expect: unknown: a pointer into an array of structs used through `void *` at its first member's type
// Through void * the offset of &gma[1] (in structs) and the int steps after the conversion cannot be told apart.
extern void reach_error(void);
struct MB { int d[4]; short n; };
struct MB gma[2];
int main(void) {
  void *w = &gma[1]; int *q = (int *) w; q[2] = 7;
  if (gma[1].d[2] != 7) reach_error();
  return 0;
}
