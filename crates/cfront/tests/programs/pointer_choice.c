// expect: true
// Pointers that change their object: `?:`, assignment in a loop, a pointer in a struct.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct holder { int *p; int *q[2]; };
int main(void) {
  int a = 1, b = 2;
  int c = __VERIFIER_nondet_int();
  int *p = c ? &a : &b;
  struct holder h;
  h.p = p;
  h.q[0] = &a;
  h.q[1] = &b;
  for (int i = 0; i < 2; i++) *h.q[i] += 10;
  if (*h.p != (c ? 11 : 12)) reach_error();
  if (h.p == h.q[1] && c) reach_error();
  return 0;
}
