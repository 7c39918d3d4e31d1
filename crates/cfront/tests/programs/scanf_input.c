// expect: false
#include <stdio.h>
extern void reach_error(void);
int main(void) {
  int a = 0;
  unsigned short h = 0;
  if (scanf("%d %hu", &a, &h) == 2 && a == -7 && h == 65000) reach_error();
  return 0;
}
