// expect: true
// Bit-field values as gcc computes them: truncation on store (modulo 2^width, also for
// signed fields: C11 6.3.1.3:3, gcc's choice), sign- or zero-extension on load and the
// promotion to int (C11 6.3.1.1:2), the value of an assignment, ++ and compound
// assignment, initializers, struct copy, _Bool and enum fields, memset's bit pattern.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void *memset(void *, int, unsigned long);
enum color { RED, GREEN, BLUE, WHITE };
struct s {
  unsigned u3 : 3;
  int i3 : 3;          /* plain int: signed with gcc */
  char c2 : 2;         /* char is signed on x86 */
  unsigned : 5;        /* padding */
  _Bool b : 1;
  enum color col : 2;
  unsigned int w : 32;
  int last;
};
int main(void) {
  struct s s = {0};
  s.u3 = 13;                       /* 13 mod 8 */
  if (s.u3 != 5) reach_error();
  s.i3 = 5;                        /* 101: -3 */
  if (s.i3 != -3) reach_error();
  if (!(s.u3 - 6 < 0)) reach_error();   /* promotes to int, not unsigned */
  s.c2 = 3;
  if (s.c2 != -1) reach_error();
  if ((s.u3 = 15) != 7) reach_error();  /* the assignment's value is the stored one */
  if ((s.i3 = 4) != -4) reach_error();
  s.u3 = 7;
  s.u3++;                          /* wraps to 0: a conversion, not an overflow */
  if (s.u3 != 0) reach_error();
  s.u3--;
  if (s.u3 != 7) reach_error();
  s.i3 = 3;
  if (++s.i3 != -4) reach_error();
  if (s.i3-- != -4 || s.i3 != 3) reach_error();
  s.u3 += 6;                       /* 13 */
  if (s.u3 != 5) reach_error();
  s.u3 *= 3;                       /* 15 */
  if (s.u3 != 7) reach_error();
  s.b = 42;                        /* _Bool conversion first: 1 */
  if (s.b != 1) reach_error();
  s.col = WHITE;
  if (s.col != WHITE || s.col - 4 >= 0) reach_error();
  s.w = 0xffffffffu;
  if (s.w + 1 != 0) reach_error(); /* unsigned int : 32 stays unsigned int */
  int n = __VERIFIER_nondet_int();
  s.i3 = n;
  if (s.i3 < -4 || s.i3 > 3) reach_error();
  if ((s.i3 & 7) != (n & 7)) reach_error();
  struct s t = { 9, -5, 1, 1, BLUE, 7, 99 };   /* the unnamed field takes no value */
  if (t.u3 != 1 || t.i3 != 3 || t.c2 != 1 || t.b != 1 || t.col != BLUE || t.w != 7 || t.last != 99) reach_error();
  struct s d = { .i3 = 2, .last = 4, .u3 = 12 };
  if (d.u3 != 4 || d.i3 != 2 || d.c2 != 0 || d.last != 4) reach_error();
  t = d;
  if (t.u3 != 4 || t.i3 != 2 || t.w != 0) reach_error();
  memset(&t, 0xa5, sizeof t);      /* u3: bits 0-2 of 0xa5; i3: bits 3-5; c2: bits 6-7 */
  if (t.u3 != 5 || t.i3 != -4 || t.c2 != -2 || t.w != 0xa5a5a5a5u) reach_error();
  if (t.b != 1 || t.col != 2) reach_error();   /* bits 13 and 14-15 of 0xa5a5 */
  return 0;
}
