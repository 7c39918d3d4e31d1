// expect: false
// An int seen through `unsigned *` (the same bits), in a scalar and in an array.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = -1;
  unsigned *u = (unsigned *) &x;
  if (*u != 4294967295u) reach_error();
  int a[2] = {0, -2};
  unsigned *v = (unsigned *) a;
  v[0] = 4294967295u;
  if (a[0] != -1 || v[1] != 4294967294u) reach_error();
  *u = 5;
  if (x == 5) reach_error();
  return 0;
}
