// expect: unknown: call through a function pointer of a type incompatible
// A function called through a pointer of another type (a cast makes it one, C11
// 6.3.2.3:8, but the call is undefined behaviour, C11 6.5.2.2:9): UNKNOWN, with one
// target and in a case split.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int add(int a, int b) { return a + b; }
int neg(int a) { return -a; }
int main(void) {
  int (*f)(int) = (int (*)(int)) add;
  int (*g)(int) = __VERIFIER_nondet_int() ? f : neg;
  if (g(1) == -1) return 0;
  if (f(1) == 3) reach_error();
  return 0;
}
