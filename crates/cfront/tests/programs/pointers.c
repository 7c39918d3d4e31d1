// expect: false
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int first(int *p) { return p[0]; }
struct pt { int x, y; };
void move(struct pt *q) { q->x++; q->y += 2; }
int main(void) {
  int x = 1, y = 2;
  int *p = &x;
  *p = 5;
  if (x != 5) reach_error();
  swap(&x, &y);
  if (x != 2 || y != 5) reach_error();
  int a[4] = {10, 20, 30, 40};
  int *q = a;
  if (*(q + 1) != 20 || q[3] != 40 || first(a + 2) != 30) reach_error();
  q++;
  if (*q != 20 || q - a != 1) reach_error();
  struct pt s = {1, 1};
  move(&s);
  if (s.x != 2 || s.y != 3) reach_error();
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n < 3);
  q = &a[n];
  if (*q == 30) reach_error();
  return 0;
}
