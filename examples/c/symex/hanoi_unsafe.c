extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* The towers of Hanoi with 10 discs move 2^10 - 1 = 1023 times: a binary recursion on
   constants that writes a global at every call. */
unsigned int counter = 0;

void hanoi(int n, int from, int to, int via) {
  if (n == 1) {
    counter++;
    return;
  }
  hanoi(n - 1, from, via, to);
  counter++;
  hanoi(n - 1, via, to, from);
}

int main(void) {
  hanoi(10, 1, 3, 2);
  if (counter == 1023) reach_error();
  return 0;
}
