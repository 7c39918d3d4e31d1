// expect: false
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = 0;
  switch (x) {
    case 1: r += 1;
    case 2: r += 10; break;
    default: r = 100;
    case 5: r += 1000; break;
    case 7: { int y = 3; r = y; }
  }
  if (x == 1 && r != 11) reach_error();
  if (x == 2 && r != 10) reach_error();
  if (x == 5 && r != 1000) reach_error();
  if (x == 9 && r != 1100) reach_error();
  if (x == 7 && r != 3) reach_error();
  if (x == 6 && r == 1100) reach_error();
  return 0;
}
