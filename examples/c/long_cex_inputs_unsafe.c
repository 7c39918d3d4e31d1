// 2,000 inputs, of which about half are odd; the error needs at least 900 odd ones.
// Random simulation reaches it at once; its counterexample carries every input.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void) {
  unsigned int i = 0, odd = 0;
  while (i < 2000) {
    int v = __VERIFIER_nondet_int();
    if (v & 1) {
      odd++;
    }
    i++;
  }
  if (odd >= 900) {
    reach_error();
  }
  return 0;
}
