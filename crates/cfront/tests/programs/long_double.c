// expect: unknown: long double
extern void reach_error(void);
int main(void) { long double d = 1.5L; if (d > 2.0L) reach_error(); return 0; }
