// expect: true
// gcc's compare-exchange and nand builtins with their single-threaded meaning: on
// success *ptr takes the desired value, on failure *expected takes *ptr; fetch_nand
// returns the old value and stores ~(old & v), nand_fetch returns the new one.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int old = x;
  int e = x;
  if (!__atomic_compare_exchange_n(&x, &e, 7, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) reach_error();
  if (x != 7 || e != old) reach_error();
  e = 8;
  _Bool ok = __atomic_compare_exchange_n(&x, &e, 9, 1, __ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
  if (ok || x != 7 || e != 7) reach_error();
  long long y = 5, want = 5, desired = -1;
  if (!__atomic_compare_exchange(&y, &want, &desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) reach_error();
  if (y != -1 || want != 5) reach_error();
  if (__atomic_compare_exchange(&y, &want, &desired, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) reach_error();
  if (want != -1) reach_error();
  unsigned char c = 0xf0;
  if (__atomic_fetch_nand(&c, 0x3c, __ATOMIC_SEQ_CST) != 0xf0 || c != 0xcf) reach_error();
  if (__atomic_nand_fetch(&c, 0xff, __ATOMIC_SEQ_CST) != 0x30 || c != 0x30) reach_error();
  int *p = &x, *q = &x, *r = &e;
  if (!__atomic_compare_exchange_n(&p, &q, r, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST) || p != &e) reach_error();
  return 0;
}
