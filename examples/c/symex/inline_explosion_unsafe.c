extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* Each g_k calls g_(k+1) twice, 24 levels deep: inlining would make 2^24 instances; the
   procedural CFA has 25 bodies. g0(x) = 2^23 for every x; on the constant 5 it is
   computed, not encoded. */
int g24(int x) { return x & 1; }
int g23(int x) { return g24(x) + g24(x + 1); }
int g22(int x) { return g23(x) + g23(x + 1); }
int g21(int x) { return g22(x) + g22(x + 1); }
int g20(int x) { return g21(x) + g21(x + 1); }
int g19(int x) { return g20(x) + g20(x + 1); }
int g18(int x) { return g19(x) + g19(x + 1); }
int g17(int x) { return g18(x) + g18(x + 1); }
int g16(int x) { return g17(x) + g17(x + 1); }
int g15(int x) { return g16(x) + g16(x + 1); }
int g14(int x) { return g15(x) + g15(x + 1); }
int g13(int x) { return g14(x) + g14(x + 1); }
int g12(int x) { return g13(x) + g13(x + 1); }
int g11(int x) { return g12(x) + g12(x + 1); }
int g10(int x) { return g11(x) + g11(x + 1); }
int g9(int x) { return g10(x) + g10(x + 1); }
int g8(int x) { return g9(x) + g9(x + 1); }
int g7(int x) { return g8(x) + g8(x + 1); }
int g6(int x) { return g7(x) + g7(x + 1); }
int g5(int x) { return g6(x) + g6(x + 1); }
int g4(int x) { return g5(x) + g5(x + 1); }
int g3(int x) { return g4(x) + g4(x + 1); }
int g2(int x) { return g3(x) + g3(x + 1); }
int g1(int x) { return g2(x) + g2(x + 1); }
int g0(int x) { return g1(x) + g1(x + 1); }

int main(void) {
  int x = 5;
  if (g0(x) == 8388608) reach_error();
  return 0;
}
