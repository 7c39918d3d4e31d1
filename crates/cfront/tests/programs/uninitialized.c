// expect: false
extern void reach_error(void);
int main(void) {
  unsigned int x;
  while (x < 0x0fffffff) x++;
  if (x == 0x10000000) reach_error();
  return 0;
}
