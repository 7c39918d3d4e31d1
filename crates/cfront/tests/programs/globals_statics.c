// expect: true
extern void reach_error(void);
int zero;
int init = 42;
int arr[3];
int garr[4] = {1, 2};
struct s { int a; char b; } gs = {7, 'x'};
int counter(void) { static int n = 10; n++; return n; }
int main(void) {
  if (zero != 0 || init != 42 || arr[2] != 0) reach_error();
  if (garr[0] != 1 || garr[1] != 2 || garr[3] != 0) reach_error();
  if (gs.a != 7 || gs.b != 'x') reach_error();
  counter();
  counter();
  if (counter() != 13) reach_error();
  return 0;
}
