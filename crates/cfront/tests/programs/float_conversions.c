// expect: true
// Truncation toward zero (C11 6.3.1.4), rounding of large integers (6.3.1.4:2), signed
// zeros (Annex F), and float/double round trips.
extern void reach_error(void);
int main(void) {
  if ((int) -2.7 != -2 || (unsigned) 2.9 != 2u || (long long) 1e18 != 1000000000000000000LL)
    reach_error();
  if ((float) 16777217 != 16777216.0f) reach_error();
  if ((double) (float) 0.1 == 0.1) reach_error();
  double z = -0.0;
  if (z != 0.0 || 1.0 / z > 0.0) reach_error();
  if ((_Bool) 0.5 != 1 || (_Bool) -0.0 != 0) reach_error();
  float f = 1e38f;
  if (f * 10.0f != f * 100.0f) reach_error();
  if (0x1.8p1 != 3.0 || 1e-45f == 0.0f) reach_error();
  return 0;
}
