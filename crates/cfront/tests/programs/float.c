// expect: true
extern void reach_error(void);
int main(void) { double d = 1.5; if (d > 2.0) reach_error(); return 0; }
