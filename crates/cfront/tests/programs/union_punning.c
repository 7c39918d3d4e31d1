// expect: true
// A union read through other members than the one written (gcc's type punning, little-endian): float bits, bytes, a bit-field view, unions in arrays and structs, initializers of the first and a designated member, memset, a pointer to a whole union.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void *memset(void *, int, unsigned long);
struct Flags { unsigned a : 3; signed b : 5; unsigned c : 8; };
union R { unsigned int word; struct Flags f; unsigned char bytes[4]; };
union R table[3] = { {0x12345678u}, {.f = {1, -2, 3}} };
struct Holder { int tag; union R r; double d; } h = { 7, { .bytes = {1, 2, 3, 4} }, 2.5 };
union D { double d; unsigned long long w; struct { unsigned lo, hi; } p; };
int main(void) {
  if (table[0].bytes[0] != 0x78) reach_error();
  if (table[1].f.b != -2) reach_error();
  if ((table[1].word & 7u) != 1u) reach_error();
  if (((table[1].word >> 3) & 31u) != 30u) reach_error();
  if (table[2].word != 0) reach_error();
  if (h.r.word != 0x04030201u) reach_error();
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 2) return 0;
  table[i].f.c = 0xff;
  if (table[i].bytes[1] != 0xff) reach_error();
  union D d;
  d.d = -2.0;
  if (d.p.hi != 0xc0000000u || d.p.lo != 0) reach_error();
  if (d.w != 0xc000000000000000ull) reach_error();
  memset(&d, 0xff, sizeof d);
  if (d.p.lo != 0xffffffffu) reach_error();
  if (d.d == d.d) reach_error();
  union R *p = &table[1];
  p->word = 5;
  if (table[1].f.a != 5) reach_error();
  return 0;
}
