// expect: true
// memset (zero and a byte pattern), memcpy of arrays and structs, strlen.
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct rec { int a; char tag; int *p; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  int a[4] = {x, x, x, x};
  memset(a, 0, sizeof a);
  if (a[0] != 0 || a[3] != 0) reach_error();
  unsigned char b[3];
  memset(b, 0xab, 3);
  if (b[1] != 0xab) reach_error();
  int w;
  memset(&w, 0xff, sizeof w);
  if (w != -1) reach_error();
  struct rec r = {x, 'q', &x}, s;
  memcpy(&s, &r, sizeof r);
  if (s.a != x || s.tag != 'q' || *s.p != x) reach_error();
  memset(&r, 0, sizeof r);
  if (r.p != 0 || r.a != 0) reach_error();
  int c[4] = {1, 2, 3, 4};
  memcpy(c + 1, a, 2 * sizeof(int));
  if (c[0] != 1 || c[1] != 0 || c[2] != 0 || c[3] != 4) reach_error();
  char str[8] = "boulder";
  if (strlen(str) != 7 || strlen(str + 3) != 4) reach_error();
  return 0;
}
