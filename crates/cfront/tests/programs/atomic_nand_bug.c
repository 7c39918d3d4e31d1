// expect: false
// __atomic_nand_fetch returns ~(old & v): for old = 0 that is all ones, not 0.
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  unsigned r = __atomic_nand_fetch(&x, 0xffu, __ATOMIC_SEQ_CST);
  if (r == 0xffffffffu) reach_error();
  return 0;
}
