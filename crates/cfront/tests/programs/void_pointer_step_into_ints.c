// expect: unknown: arithmetic on a `void *` into elements wider than a byte
// GNU C steps a `void *` by bytes: `vp + 4` is a[1] for gcc (the error is reached), not
// a[4]. Counting elements gave a wrong TRUE; until the step is modelled in bytes, UNKNOWN.
extern void reach_error(void);
int main(void) {
  int a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  void *vp = a;
  vp = vp + 4;
  int *ip = vp;
  if (*ip == 2) reach_error();
  return 0;
}
