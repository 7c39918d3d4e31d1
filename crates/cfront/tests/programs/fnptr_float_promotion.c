// expect: unknown: incompatible
// Through a pointer without a prototype, a float argument is promoted to double (C11
// 6.5.2.2:6): calling a function whose parameter is float that way is undefined.
extern void reach_error(void);
void g(float x) { if (x != 1.5f) reach_error(); }
int main(void) {
  void (*fp)() = g;
  fp(1.5f);
  return 0;
}
