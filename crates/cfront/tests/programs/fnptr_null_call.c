// expect: unknown: call through a null function pointer
// A handler left null on one path: calling it is undefined behaviour (UNKNOWN, never a
// verdict); the other path is safe.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int (*handler)(int);
int twice(int x) { return 2 * x; }
int main(void) {
  if (__VERIFIER_nondet_int()) handler = twice;
  int r = handler(3);
  if (r != 6) reach_error();
  return 0;
}
