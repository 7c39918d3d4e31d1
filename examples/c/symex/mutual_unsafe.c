extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* Mutual recursion on a constant: 30 is even (30 activations alternate between the two). */
int is_odd(int n);

int is_even(int n) {
  if (n == 0) return 1;
  return is_odd(n - 1);
}

int is_odd(int n) {
  if (n == 0) return 0;
  return is_even(n - 1);
}

int main(void) {
  int e = is_even(30);
  if (e) reach_error();
  return 0;
}
