// expect: unknown: undefined behaviour: array index out of bounds
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4];
  int i = __VERIFIER_nondet_int();
  a[i] = 1;
  return 0;
}
