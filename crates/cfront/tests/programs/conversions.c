// expect: true
extern void reach_error(void);
int main(void) {
  unsigned char a = 200, b = 100;
  if (a + b != 300) reach_error();
  if (-1 < 1u) reach_error();
  if (!((long long)-1 < 1u)) reach_error();
  char c = 200;
  if (c >= 0) reach_error();
  signed char sc = -1;
  if ((unsigned char)sc != 255) reach_error();
  if ((unsigned char)0x1ff != 0xff) reach_error();
  short s = 70000;
  if (s != 4464) reach_error();
  _Bool bo = 256;
  if (bo != 1) reach_error();
  if (-7 / 2 != -3 || -7 % 2 != -1 || 7 % -2 != 1) reach_error();
  if ((-8 >> 1) != -4) reach_error();
  if ((0x80000000u >> 31) != 1) reach_error();
  unsigned int big = 4000000000u;
  long long ll = big;
  if (ll != 4000000000LL) reach_error();
  int neg = -5;
  unsigned long long ull = neg;
  if (ull != 0xfffffffffffffffbULL) reach_error();
  if (sizeof(int) != 4 || sizeof(long) != 4 || sizeof(long long) != 8 || sizeof(char *) != 4) reach_error();
  if ('\xff' != -1 || '\n' != 10 || 'A' != 65) reach_error();
  if (0x7fffffff + 0 != 2147483647) reach_error();
  return 0;
}
