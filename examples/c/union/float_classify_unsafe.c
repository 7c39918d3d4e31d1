// A zero test by the exponent bits alone forgets subnormal numbers: their exponent
// field is zero too, and they are not zero. Boulder finds one (FALSE, replayed).
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);

union ieee_float {
  float value;
  unsigned int word;
};

int is_zero_bits(float x) {
  union ieee_float u;
  u.value = x;
  return (u.word & 0x7f800000u) == 0;
}

int main(void) {
  float x = __VERIFIER_nondet_float();
  if (is_zero_bits(x) && x != 0.0f) reach_error();
  return 0;
}
