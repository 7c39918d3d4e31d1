// expect: true
// A union's member arrays indexed by a variable; a struct member copied whole between two unions; the union's word copied whole.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
struct Pair { unsigned short lo, hi; };
union W { unsigned int u; struct Pair p; unsigned short h[2]; unsigned char c[4]; };
int main(void) {
  union W a, b;
  a.u = __VERIFIER_nondet_uint();
  unsigned int i = __VERIFIER_nondet_uint() % 2;
  if (a.h[i] != (i ? a.p.hi : a.p.lo)) reach_error();
  b.p = a.p;
  if (b.u != a.u) reach_error();
  union W c = a;
  c.c[3]++;
  if (c.p.lo != a.p.lo) reach_error();
  if ((unsigned char)(c.u >> 24) != (unsigned char)(a.c[3] + 1)) reach_error();
  return 0;
}
