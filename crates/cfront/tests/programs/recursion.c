// expect: true
// Recursion under `?:`: inlined to the default depth; the bounded call below the
// deepest activation is unreachable, since the condition decides it.
extern void reach_error(void);
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int main(void) { if (fact(3) != 6) reach_error(); return 0; }
