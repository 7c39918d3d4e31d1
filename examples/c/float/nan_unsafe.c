// A range check that forgets NaN: `x < lo || x > hi` is false for a NaN, which then
// passes as "in range" (C11 F.9.3: comparisons with NaN are unordered). Expected: FALSE.
extern float __VERIFIER_nondet_float(void);
extern void reach_error(void);

static int out_of_range(float x) { return x < -100.0f || x > 100.0f; }

int main(void) {
  float x = __VERIFIER_nondet_float();
  if (out_of_range(x)) return 1;
  float y = x * x;
  if (!(y <= 10000.0f)) reach_error();
  return 0;
}
