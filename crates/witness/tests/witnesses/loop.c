extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int scanf(const char *, ...);

int main(int argc, char **argv) {
  int i = 0, n = __VERIFIER_nondet_int();
  unsigned x;
  scanf("%u", &x);
  // 1) count up to n
  while (i < n &&
         i < 100) {
    i = i + __VERIFIER_nondet_int();
  }
  if (i == 7 && x == 3u) reach_error();
  return argc;
}
