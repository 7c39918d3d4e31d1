// Two recursive calls per activation, an input bounded by an assumption, a global counter.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int moves;
void hanoi(int n, int from, int to, int via) {
  if (n == 0) return;
  hanoi(n - 1, from, via, to);
  moves++;
  hanoi(n - 1, via, to, from);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 3);
  hanoi(n, 1, 3, 2);
  if (moves != (1 << n) - 1) reach_error();
  return 0;
}
