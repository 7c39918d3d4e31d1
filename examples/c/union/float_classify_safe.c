// Classifying a float by its bits, as libm code does through a union (gcc documents
// type punning through unions): a NaN is an all-ones exponent with a non-zero
// significand, an infinity one with a zero significand. Boulder checks both against
// the comparisons that classify a float: TRUE.
extern void reach_error(void);
extern float __VERIFIER_nondet_float(void);

union ieee_float {
  float value;
  unsigned int word;
};

int is_nan_bits(float x) {
  union ieee_float u;
  u.value = x;
  return (u.word & 0x7fffffffu) > 0x7f800000u;
}

int is_inf_bits(float x) {
  union ieee_float u;
  u.value = x;
  return (u.word & 0x7fffffffu) == 0x7f800000u;
}

int main(void) {
  float x = __VERIFIER_nondet_float();
  if (is_nan_bits(x) != (x != x)) reach_error();
  if (is_inf_bits(x) != (x == 1.0f / 0.0f || x == -1.0f / 0.0f)) reach_error();
  return 0;
}
