// FALSE(unreach-call): the error needs x == 42 and y == -7 exactly.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x == 42) {
    if (y == -7) {
      reach_error();
    }
  }
  return 0;
}
