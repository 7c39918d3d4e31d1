// Loop-free and safe: every engine answers at once, so the run's time is its fixed
// cost (process start, preprocessing, Z3, replay or certificate). Timed with hyperfine
// in docs/engines/cegar.md.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x + 1;
  if (y == x) reach_error();
  return 0;
}
