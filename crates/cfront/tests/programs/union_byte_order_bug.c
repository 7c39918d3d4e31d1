// expect: false
// The byte order assumed by the check is big-endian: on x86 the first byte of the float's bits is the low one.
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);
union FB { float f; unsigned char b[4]; unsigned int u; };
int main(void) {
  union FB x;
  x.f = __VERIFIER_nondet_float();
  if (x.f < 0.0f) {
    // Wrong: the sign is in b[3].
    if ((x.b[0] & 0x80) == 0) reach_error();
  }
  return 0;
}
