// expect: true
// After `pack(pop)` the default layout is back: `struct t` is laid out as usual.
#pragma pack(push, 2)
struct s { char c; int x; };
#pragma pack(pop)
struct t { char c; int x; };
extern void reach_error(void);
int main(void) { if (sizeof(struct t) != 8) reach_error(); return 0; }
