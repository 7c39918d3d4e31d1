// expect: false
// The members of an anonymous union share storage (C11 6.7.2.1:13): writing `i` changes
// `f` (1.0f is 0x3f800000), so the error is reached.
extern void reach_error(void);
struct u { int tag; union { int i; float f; }; };
int main(void) {
  struct u v;
  v.i = 0x3f800000;
  if (v.f == 1.0f) reach_error();
  return 0;
}
