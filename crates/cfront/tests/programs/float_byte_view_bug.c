// expect: false
// The sign of a double is in its last byte (little-endian): flipping bit 7 of byte 6 changes the exponent instead.
extern void reach_error(void);
extern double __VERIFIER_nondet_double(void);
extern unsigned int __VERIFIER_nondet_uint(void);
union R { unsigned int w; struct { unsigned a : 4; unsigned b : 12; } f; };
int main(void) {
  double d = __VERIFIER_nondet_double();
  unsigned char *b = (unsigned char *) &d;
  unsigned long long bits = *(unsigned long long *) &d;
  for (int i = 0; i < 8; i++)
    if (b[i] != (unsigned char) (bits >> (8 * i))) reach_error();
  b[6] ^= 0x80;
  if (d == d && !(d == 0.0) && d > 0 == (bits >> 63 == 0)) reach_error();
  union R r;
  r.w = __VERIFIER_nondet_uint();
  unsigned char *rb = (unsigned char *) &r;
  rb[0] = 0x5a;
  if (r.f.a != 0xa) reach_error();
  float f = 2.0f;
  *(unsigned int *) &f += 0x800000u;
  if (f != 4.0f) reach_error();
  return 0;
}
