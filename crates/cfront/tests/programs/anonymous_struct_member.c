// expect: true
// The members of an anonymous struct are the parent's by name (C11 6.7.2.1:13); the
// anonymous member keeps its own alignment and padding: 12 bytes with gcc.
extern void reach_error(void);
struct s { char c; struct { char a; int b; }; };
int main(void) {
  struct s x;
  x.a = 1;
  x.b = 2;
  if (x.a + x.b != 3) reach_error();
  if (sizeof(struct s) != 12) reach_error();
  if (__builtin_offsetof(struct s, b) != 8) reach_error();
  return 0;
}
