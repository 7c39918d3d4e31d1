// expect: false
#include <string.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  char s[6] = "abcde";
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 4) return 0;
  s[i] = 0;
  if (strlen(s) == 2) reach_error();
  return 0;
}
