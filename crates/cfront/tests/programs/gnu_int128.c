// expect: unknown: __int128
// `__int128` parses; it is outside the model, so a path that uses it is UNKNOWN.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  unsigned __int128 big = __VERIFIER_nondet_int();
  if (big > 5) reach_error();
  return 0;
}
