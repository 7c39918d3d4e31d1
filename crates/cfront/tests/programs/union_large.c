// expect: unknown: a union of more than 16 bytes with several members
extern void reach_error(void);
union Big { char buf[32]; int x; };
int main(void) {
  union Big b;
  b.x = 1;
  if (b.buf[0] != 1) reach_error();
  return 0;
}
