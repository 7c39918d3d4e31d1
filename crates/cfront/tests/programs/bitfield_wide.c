// expect: unknown: a bit-field of 33 to 63 bits used as a value
// model: LP64
// gcc computes with `unsigned long long x : 40` in a 40-bit type (`s.x + 1` wraps at
// 2^40), a type Boulder does not have: UNKNOWN by name. Storing into it is exact.
extern void reach_error(void);
struct s { unsigned long long x : 40; } s;
int main(void) {
  s.x = 0xffffffffffULL;
  if (s.x + 1 != 0) reach_error();
  return 0;
}
