// expect: true
// A static union's initialized struct member has zero padding (C11 6.7.9:10); an automatic one's padding is unspecified, so only its members are checked.
extern void reach_error(void);
struct Q { char c; int i; };
union V { struct Q q; unsigned char b[8]; };
union V gv = { .q = { 1, 2 } };
int main(void) {
  union V v = { .q = { 1, 2 } };
  if (gv.b[1] != 0) reach_error();
  if (v.b[0] != 1 || v.b[4] != 2) reach_error();

  return 0;
}
