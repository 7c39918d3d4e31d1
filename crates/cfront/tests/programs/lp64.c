// expect: true
// model: LP64
extern void reach_error(void);
int main(void) {
  if (sizeof(long) != 8 || sizeof(void *) != 8) reach_error();
  if (!(-1L < 1u)) reach_error();
  long x = 1L << 40;
  if (x >> 40 != 1) reach_error();
  unsigned long u = -1;
  if (u != 18446744073709551615UL) reach_error();
  return 0;
}
