// expect: unknown: arithmetic on a `void *` into elements wider than a byte
// `c ? vp : q` with `void *vp` has type `void *` (C11 6.5.15:6), stepped by bytes in GNU C;
// `c ? (void *) 0 : q` has the type of `q`.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  void *vp = a;
  int *q = a;
  int c = __VERIFIER_nondet_int();
  int *ip = (int *)((c ? vp : q) + 4);
  if (*ip == 2) reach_error();
  int *r = c ? (void *)0 : q;
  if (r && r + 1 != &a[1]) reach_error();
  return 0;
}
