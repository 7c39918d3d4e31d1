// expect: true
// A struct copied into a union's member and out of it, to an object of its own (and an element of an array of them): scalar by scalar at gcc's offsets.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct Q { char c; int i; short s[2]; };
union V { struct Q q; unsigned char b[12]; unsigned int w[3]; };
struct Q gq[2];
int main(void) {
  union V v;
  v.w[0] = 0xffffffffu; v.w[1] = 0; v.w[2] = 0;
  struct Q q = { 7, -2, { 3, 4 } };
  v.q = q;
  if (v.b[0] != 7) reach_error();
  if (v.w[1] != 0xfffffffeu) reach_error();
  if (v.b[8] != 3 || v.b[10] != 4) reach_error();
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 1) return 0;
  gq[k] = v.q;
  if (gq[k].s[1] != 4 || gq[k].i != -2 || gq[k].c != 7) reach_error();
  v.w[2] = 0x00090008u;
  gq[1 - k] = v.q;
  if (gq[1 - k].s[0] != 8 || gq[1 - k].s[1] != 9) reach_error();
  return 0;
}
