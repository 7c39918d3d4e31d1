// expect: unknown: sizeof of a struct laid out in a way Boulder does not follow
// `#pragma pack(1)` makes this struct 5 bytes with gcc; Boulder does not lay out packed
// pragmas, so the size is unknown rather than the unpacked 8.
#pragma pack(1)
struct s { char c; int x; };
#pragma pack()
extern void reach_error(void);
int main(void) { if (sizeof(struct s) != 5) reach_error(); return 0; }
