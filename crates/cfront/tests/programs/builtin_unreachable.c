// expect: unknown: __builtin_unreachable
// Reaching __builtin_unreachable() is undefined behaviour: UNKNOWN, not TRUE or FALSE.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 5) __builtin_unreachable();
  return 0;
}
