// expect: true
// GNU __alignof__ is the preferred alignment: 8 for double and long long under i386, where _Alignof (and the alignment inside structs) is 4.
extern void reach_error(void);
struct S { double d; };
int main(void) {
  if (__alignof__(double) != 8) reach_error();
  if (_Alignof(double) != 4) reach_error();
  if (__alignof__(long long) != 8 || __alignof(unsigned long long) != 8) reach_error();
  if (__alignof__(struct S) != 4 || __alignof__(double[2]) != 8) reach_error();
  if (__alignof__(int) != 4) reach_error();
  double x;
  if (__alignof__(x) != 8) reach_error();
  return 0;
}
