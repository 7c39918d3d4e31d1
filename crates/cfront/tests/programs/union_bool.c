// expect: unknown: a _Bool read from a byte other than 0 or 1
// A _Bool member read after another member stored 2 in its byte: no value of _Bool (C11 6.2.6.1:5), undefined behaviour.
extern void reach_error(void);
union B { _Bool b; unsigned char c; };
enum E { A, B2 };
union EE { enum E e; unsigned u; };
int main(void) {
  union B x;
  x.c = 2;
  if (x.b) { } else reach_error();
  union EE y;
  y.u = 1;
  if (y.e != B2) reach_error();
  return 0;
}
