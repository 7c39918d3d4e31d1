// expect: true
extern void reach_error(void);
int main(void) {
  int s = 0, i;
  for (i = 0; i < 10; i++) { if (i == 3) continue; if (i == 8) break; s += i; }
  if (s != 0 + 1 + 2 + 4 + 5 + 6 + 7) reach_error();
  int n = 0;
  do { n++; if (n == 2) continue; } while (n < 5);
  if (n != 5) reach_error();
  int k = 0;
again:
  k++;
  if (k < 4) goto again;
  if (k != 4) reach_error();
  while (1) { k--; if (k == 0) break; }
  if (k != 0) reach_error();
  return 0;
}
