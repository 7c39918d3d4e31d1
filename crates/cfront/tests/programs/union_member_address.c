// expect: unknown: the address of a member of a union with several members
extern void reach_error(void);
union N { int i; float f; };
void set(int *p) { *p = 7; }
int main(void) {
  union N n;
  set(&n.i);
  if (n.i != 7) reach_error();
  return 0;
}
