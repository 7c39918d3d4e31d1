// Ten additions of 0.1f do not make 1.0f: each sum is rounded to float. Expected: FALSE.
extern void reach_error(void);

int main(void) {
  float total = 0.0f;
  for (int i = 0; i < 10; i++) total += 0.1f;
  if (total != 1.0f) reach_error();
  return 0;
}
