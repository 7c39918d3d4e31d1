// expect: unknown: array index out of bounds
extern void reach_error(void);
int main(void) { int x = 1; char *c = (char *) &x; if (c[4] == 0) reach_error(); return 0; }
