// expect: true
extern void reach_error(void);
typedef unsigned short u16;
enum color { RED, GREEN = 5, BLUE };
struct pair { char c; int i; };
struct big { char c; long long l; };
int x = 1;
int main(void) {
  u16 v = 65535;
  v++;
  if (v != 0) reach_error();
  if (GREEN != 5 || BLUE != 6 || RED != 0) reach_error();
  enum color col = BLUE;
  if (col != 6) reach_error();
  if (sizeof(struct pair) != 8) reach_error();
  if (sizeof(struct big) != 12) reach_error();
  int y = x;
  { int x = 7; y += x; { int x = 100; y += x; } }
  if (y != 108 || x != 1) reach_error();
  typedef int myint;
  myint m = 3;
  if (m != 3) reach_error();
  return 0;
}
