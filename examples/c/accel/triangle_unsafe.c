// An accumulator: s = 0 + 1 + ... + 99999 = 4999950000, which wraps to 704982704 in 32
// bits; the check after the loop is that value. Acceleration runs the 100000 iterations
// as one step (s gains n·s0... the closed form n(n-1)/2), so bit-level BMC needs a few
// steps; unrolled, it would need 100000.
extern void reach_error(void);
int main(void) {
  unsigned i = 0, s = 0;
  while (i < 100000) {
    s += i;
    i++;
  }
  if (s == 704982704u) reach_error();
  return 0;
}
