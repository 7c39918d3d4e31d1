// expect: true
extern void reach_error(void);
int main(void) {
  int i = 5;
  int a = i++;
  int b = ++i;
  int c = i--;
  int d = --i;
  if (a != 5 || b != 7 || c != 7 || d != 5 || i != 5) reach_error();
  int x = 3;
  x += 2; x *= 3; x -= 1; x /= 2; x %= 4; x <<= 3; x >>= 1; x |= 1; x ^= 2; x &= 7;
  if (x != 7) reach_error();
  unsigned char u = 255;
  u++;
  if (u != 0) reach_error();
  return 0;
}
