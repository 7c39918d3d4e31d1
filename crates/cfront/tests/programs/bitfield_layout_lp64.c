// expect: true
// model: LP64
// Struct layouts with bit-fields as gcc 12 lays them out with -m64 (x86-64 System V); the
// golden values are what gcc printed for these structs (sizeof, _Alignof, offsetof).
extern void reach_error(void);
struct a { char c; int x : 30; int y : 4; char d; };            // 12 4, d at 9
struct __attribute__((packed)) p { char c; int x : 30; int y : 4; char d; }; // 7 1, d at 6
struct z { char a; int : 0; char b; };                          // 5 1, b at 4
struct l { int a : 20; long long b : 40; };                      // 8 8
struct q { char a; long long : 0; char b; };                     // 9 1, b at 8
struct r { char a; int b : 4; };                                 // 4 4
struct u { int : 3; };                                           // 1 1
union v { char c; int x : 17; };                                 // 4 4
union __attribute__((packed)) w { int x : 17; };                 // 3 1
struct m { unsigned char f : 3; unsigned short g : 9; _Bool h : 1; long i : 5; char j; };
                                                                 // 8 8, j at 3
struct n { short s; char c : 7; char d : 2; int e : 17; int f : 16; short t; };
                                                                 // 12 4, t at 10
int main(void) {
  if (sizeof(struct a) != 12 || _Alignof(struct a) != 4 || __builtin_offsetof(struct a, d) != 9) reach_error();
  if (sizeof(struct p) != 7 || _Alignof(struct p) != 1 || __builtin_offsetof(struct p, d) != 6) reach_error();
  if (sizeof(struct z) != 5 || _Alignof(struct z) != 1 || __builtin_offsetof(struct z, b) != 4) reach_error();
  if (sizeof(struct l) != 8 || _Alignof(struct l) != 8) reach_error();
  if (sizeof(struct q) != 9 || __builtin_offsetof(struct q, b) != 8) reach_error();
  if (sizeof(struct r) != 4 || _Alignof(struct r) != 4) reach_error();
  if (sizeof(struct u) != 1 || _Alignof(struct u) != 1) reach_error();
  if (sizeof(union v) != 4 || _Alignof(union v) != 4) reach_error();
  if (sizeof(union w) != 3 || _Alignof(union w) != 1) reach_error();
  if (sizeof(struct m) != 8 || _Alignof(struct m) != 8 || __builtin_offsetof(struct m, j) != 3) reach_error();
  if (sizeof(struct n) != 12 || _Alignof(struct n) != 4 || __builtin_offsetof(struct n, t) != 10) reach_error();
  return 0;
}
