// expect: false
// gcc gives an enum without negative constants the type unsigned int: `e - 1` wraps to
// UINT_MAX, which is positive (found by the differential test; Boulder used int).
extern void reach_error(void);
enum E { A, B, C = 7 };
int main(void) {
  enum E e = A;
  if (e - 1 > 0) reach_error();
  return 0;
}
