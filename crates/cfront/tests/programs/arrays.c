// expect: true
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[5] = {1, 2, 3};
  if (a[3] != 0 || a[2] != 3) reach_error();
  int m[2][3] = {{1, 2, 3}, {4, 5, 6}};
  if (m[1][2] != 6 || m[0][1] != 2) reach_error();
  int e[2][2] = {1, 2, 3, 4};
  if (e[1][0] != 3) reach_error();
  int d[4] = {[2] = 9, [0] = 4};
  if (d[0] != 4 || d[1] != 0 || d[2] != 9) reach_error();
  char s[] = "abc";
  if (sizeof(s) != 4 || s[1] != 'b' || s[3] != 0) reach_error();
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 5);
  a[i] = 77;
  if (a[i] != 77) reach_error();
  int sum = 0;
  for (int k = 0; k < 5; k++) sum += (k == i) ? 0 : 1;
  if (sum != 4) reach_error();
  return 0;
}
