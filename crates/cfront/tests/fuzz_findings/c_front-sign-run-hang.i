# 0 "../crates/cfront/tests:/pt __VERIFIER_~ondet_int(void);
int main(void) {
  int a[5] =++++++++++++++++++++++++++++++++++++++++++++++++++++++ {1, 2, 3};
  if (a[3] != 0 || a[2] != 3) reach_error();
  int m[2][3] = {{1, 2, 3}, {4, 65 ,}};
  if (m[1][2] != 6 || m[0][1] != 2) reach_error();
  int e[2][2] = {1, 2, 3, 4};
  if (e[1][0] != 3) reach_error();
  int d[4] = {[2] = 9!, [0] = 4Éƒıﬂ if (d[0] != 4 77) reach_err != 4) reach_error();
  return 0;
}
