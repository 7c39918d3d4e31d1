// expect: unknown: sizeof of a struct laid out in a way Boulder does not follow
// The members of an anonymous struct are the parent's by name (their values are exact),
// but the parent's layout (the member's own alignment and padding: 12 bytes with gcc) is
// unknown to Boulder.
extern void reach_error(void);
struct s { char c; struct { char a; int b; }; };
int main(void) {
  struct s x;
  x.a = 1;
  x.b = 2;
  if (x.a + x.b != 3) reach_error();
  if (sizeof(struct s) != 12) reach_error();
  return 0;
}
