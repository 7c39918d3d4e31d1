// expect: true
// The GCC dialect lang-c does not parse by itself (rewritten by cfront::dialect):
// _Alignof/__alignof__ of an expression, `?:` without a middle operand, __auto_type,
// attributes between `struct` and the tag, on labels and as statements; and the
// builtins and expressions with exact models: packed and aligned layouts, offsetof,
// compound literals, __builtin_constant_p, __builtin_expect, statement expressions.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
struct __attribute__((packed)) P { char c; int i; };
struct Q { char c; int i; } __attribute__((aligned(16)));
struct T { int a; struct { char x; long long y; } in; int b[3]; };
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (_Alignof(x) != 4 || __alignof__(struct Q) != 16) reach_error();
  int y = x ?: 3;
  if (x == 0 && y != 3) reach_error();
  if (x != 0 && y != x) reach_error();
  __auto_type z = x + 1L;
  if (sizeof z != sizeof(long)) reach_error();
  if (sizeof(struct P) != 5 || sizeof(struct Q) != 16) reach_error();
  // ILP32: `in` at 4 (long long is 4-aligned in i386 structs), 12 bytes; b at 16.
  if (__builtin_offsetof(struct T, b[1]) != 20) reach_error();
  int w = (int){7} + ((int[]){1, 2, 3})[2];
  if (w != 10) reach_error();
  if (__builtin_constant_p(x) || !__builtin_constant_p(3)) reach_error();
  int s = ({ int t = x; t - x; });
  if (__builtin_expect(s != 0, 0)) reach_error();
  switch (x & 1) {
  case 0:
    s++;
    __attribute__((fallthrough));
  case 1:
    s++;
  }
done: __attribute__((unused));
  if (s == 0) reach_error();
  return 0;
}
