// expect: true
// The bytes of integers through `char *` views: little-endian reads, writes of one byte,
// a view of an array, views chosen by `?:`, and the view's bounds.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = 0x11223344;
  unsigned char *c = (unsigned char *) &x;
  if (c[0] != 0x44 || c[3] != 0x11) reach_error();
  c[1] = 0xff;
  if (x != 0x1122ff44) reach_error();
  short a[2] = {0x0102, 0x0304};
  char *b = (char *) a;
  b[2] = 9;
  if (a[1] != 0x0309 || b[1] != 1) reach_error();
  int y = -1;
  int k = __VERIFIER_nondet_int();
  unsigned char *d = (unsigned char *) (k ? &x : &y);
  if (!k && d[2] != 0xff) reach_error();
  if (k && d[2] != 0x22) reach_error();
  unsigned sum = 0;
  for (unsigned char *p = (unsigned char *) &y; p < (unsigned char *) &y + 4; p++) sum += *p;
  if (sum != 4 * 255) reach_error();
  return 0;
}
