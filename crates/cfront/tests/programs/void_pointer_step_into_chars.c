// expect: false
// A `void *` into a `char` array steps by bytes, which are its elements: exact.
extern void reach_error(void);
int main(void) {
  char b[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  void *vp = b;
  vp = vp + 4;
  char *cp = vp;
  if (*cp == 5) reach_error();
  return 0;
}
