// expect: true
// First-member pointers index the member array in its own elements: made by a cast, through void *, through a chain of casts, from a parameter that may point to several structs.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct MB { int d[4]; short n; };
struct MH { struct MB b; long t; };
struct MB gmb;
struct MH gmh;
struct MB gma[2];
int sum(struct MB *p) { int *q = (int *) p; return q[0] + q[3]; }
int main(void) {
  void *v = &gmb; int *q = v; q[1] = 5;
  if (gmb.d[1] != 5) reach_error();
  struct MB *mb = (struct MB *) &gmh; int *q2 = (int *) mb; q2[2] = 3;
  if (gmh.b.d[2] != 3) reach_error();
  gma[1].d[0] = 4; gma[1].d[3] = 6; gmb.d[0] = 1; gmb.d[3] = 2;
  int k = __VERIFIER_nondet_int();
  struct MB *pp = k ? &gma[1] : &gmb;
  if (sum(pp) != (k ? 10 : 3)) reach_error();
  int *r = (int *) &gma[1]; r[2] = 9;
  if (gma[1].d[2] != 9) reach_error();
  int *r2 = (int *) gma; r2[1] = 8;
  if (gma[0].d[1] != 8) reach_error();
  return 0;
}
