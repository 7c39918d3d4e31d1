// expect: true
// A message with an anonymous union (of an anonymous struct of two halves, a word and a
// float) and an anonymous struct: members by name, shared storage, gcc's layout,
// initializers through the anonymous members.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
struct msg {
  int type;
  union {
    struct { unsigned short lo, hi; };
    unsigned int word;
    float value;
  };
  struct { char a; int b; };
};
struct msg g = { 2, { .word = 0x40400000u }, { 'x', 5 } };
int main(void) {
  if (g.value != 3.0f) reach_error();
  if (g.hi != 0x4040 || g.lo != 0) reach_error();
  if (g.b != 5 || g.a != 'x') reach_error();
  struct msg m = { 1 };
  m.word = __VERIFIER_nondet_uint();
  if ((m.word >> 16) != m.hi) reach_error();
  if (sizeof(struct msg) != 16) reach_error();
  if (__builtin_offsetof(struct msg, b) != 12) reach_error();
  return 0;
}
