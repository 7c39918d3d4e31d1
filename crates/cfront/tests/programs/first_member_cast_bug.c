// expect: false
// The check is inverted: the struct's first int (origin.x) is 3, so the error is reached.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct Point { int x; int y; };
struct Shape { struct Point origin; int kind; };
struct Buf { int data[4]; int len; };
int read_first(int *p) { return *p; }
int main(void) {
  struct Shape s = { {3, 4}, 1 };
  int *px = (int *) &s;
  if (*px == 3) reach_error();
  struct Point *po = (struct Point *) &s;
  if (po->y != 4) reach_error();
  *px = __VERIFIER_nondet_int();
  if (read_first((int *) &s) != s.origin.x) reach_error();
  struct Buf b = { {1, 2, 3, 4}, 4 };
  int *d = (int *) &b;
  if (d[3] != 4) reach_error();
  struct Shape arr[2] = { { {5, 6}, 0 }, { {7, 8}, 0 } };
  int *q = (int *) &arr[1];
  if (*q != 7) reach_error();
  void *v = &s;
  int *w = (int *) v;
  if (*w != s.origin.x) reach_error();
  return 0;
}
