// expect: true
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int g = 0;
void inc(void) { g++; }
void dec(void) { g--; }
int main(void) {
  int a[3] = {1, 2, 3};
  int c = __VERIFIER_nondet_int();
  int *p = c ? &a[0] : &a[2];
  if (*p != 1 && *p != 3) reach_error();
  c ? inc() : dec();
  if (g != 1 && g != -1) reach_error();
  return 0;
}
