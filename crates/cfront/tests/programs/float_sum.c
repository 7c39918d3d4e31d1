// expect: false
// Ten times 0.1f is not 1.0f in binary32 (every sum rounded to float, FLT_EVAL_METHOD 0).
extern void reach_error(void);
int main(void) {
  float s = 0.0f;
  for (int i = 0; i < 10; i++) s += 0.1f;
  if (s != 1.0f) reach_error();
  return 0;
}
