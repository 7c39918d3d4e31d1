// expect: true
// An enum with a negative constant is int: `e - 1` is -1, not positive.
extern void reach_error(void);
enum F { N = -1, Z, P };
int main(void) {
  enum F e = Z;
  if (e - 1 > 0) reach_error();
  if (sizeof(enum F) != 4) reach_error();
  return 0;
}
