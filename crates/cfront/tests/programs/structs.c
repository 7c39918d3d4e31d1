// expect: true
extern void reach_error(void);
struct inner { int x; int y[2]; };
struct outer { struct inner in; char tag; };
struct inner make(int v) { struct inner r; r.x = v; r.y[0] = v + 1; r.y[1] = v + 2; return r; }
int sum(struct inner s) { return s.x + s.y[0] + s.y[1]; }
int main(void) {
  struct outer o;
  o.in.x = 1;
  o.in.y[1] = 5;
  o.tag = 'q';
  struct outer p = o;
  p.in.x = 9;
  if (o.in.x != 1 || p.in.y[1] != 5 || p.tag != 'q') reach_error();
  struct inner m = make(3);
  if (sum(m) != 3 + 4 + 5) reach_error();
  struct inner arr[3];
  arr[2] = m;
  arr[1].y[0] = 8;
  if (arr[2].y[1] != 5 || arr[1].y[0] != 8) reach_error();
  return 0;
}
