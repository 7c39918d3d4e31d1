extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* 50 functions, each called from 10 places (500 calls): the procedural CFA has each body
   once, the inlined one 500 times. The sum is 500 x + 14500 for x in [0, 10): 16000 at x = 3. */
int f0(int x) { if (x > 1000) return x - 0; return x + 0; }
int f1(int x) { if (x > 1001) return x - 1; return x + 1; }
int f2(int x) { if (x > 1002) return x - 2; return x + 2; }
int f3(int x) { if (x > 1003) return x - 3; return x + 3; }
int f4(int x) { if (x > 1004) return x - 4; return x + 4; }
int f5(int x) { if (x > 1005) return x - 5; return x + 5; }
int f6(int x) { if (x > 1006) return x - 6; return x + 6; }
int f7(int x) { if (x > 1007) return x - 7; return x + 7; }
int f8(int x) { if (x > 1008) return x - 8; return x + 8; }
int f9(int x) { if (x > 1009) return x - 9; return x + 9; }
int f10(int x) { if (x > 1010) return x - 10; return x + 10; }
int f11(int x) { if (x > 1011) return x - 11; return x + 11; }
int f12(int x) { if (x > 1012) return x - 12; return x + 12; }
int f13(int x) { if (x > 1013) return x - 13; return x + 13; }
int f14(int x) { if (x > 1014) return x - 14; return x + 14; }
int f15(int x) { if (x > 1015) return x - 15; return x + 15; }
int f16(int x) { if (x > 1016) return x - 16; return x + 16; }
int f17(int x) { if (x > 1017) return x - 17; return x + 17; }
int f18(int x) { if (x > 1018) return x - 18; return x + 18; }
int f19(int x) { if (x > 1019) return x - 19; return x + 19; }
int f20(int x) { if (x > 1020) return x - 20; return x + 20; }
int f21(int x) { if (x > 1021) return x - 21; return x + 21; }
int f22(int x) { if (x > 1022) return x - 22; return x + 22; }
int f23(int x) { if (x > 1023) return x - 23; return x + 23; }
int f24(int x) { if (x > 1024) return x - 24; return x + 24; }
int f25(int x) { if (x > 1025) return x - 25; return x + 25; }
int f26(int x) { if (x > 1026) return x - 26; return x + 26; }
int f27(int x) { if (x > 1027) return x - 27; return x + 27; }
int f28(int x) { if (x > 1028) return x - 28; return x + 28; }
int f29(int x) { if (x > 1029) return x - 29; return x + 29; }
int f30(int x) { if (x > 1030) return x - 30; return x + 30; }
int f31(int x) { if (x > 1031) return x - 31; return x + 31; }
int f32(int x) { if (x > 1032) return x - 32; return x + 32; }
int f33(int x) { if (x > 1033) return x - 33; return x + 33; }
int f34(int x) { if (x > 1034) return x - 34; return x + 34; }
int f35(int x) { if (x > 1035) return x - 35; return x + 35; }
int f36(int x) { if (x > 1036) return x - 36; return x + 36; }
int f37(int x) { if (x > 1037) return x - 37; return x + 37; }
int f38(int x) { if (x > 1038) return x - 38; return x + 38; }
int f39(int x) { if (x > 1039) return x - 39; return x + 39; }
int f40(int x) { if (x > 1040) return x - 40; return x + 40; }
int f41(int x) { if (x > 1041) return x - 41; return x + 41; }
int f42(int x) { if (x > 1042) return x - 42; return x + 42; }
int f43(int x) { if (x > 1043) return x - 43; return x + 43; }
int f44(int x) { if (x > 1044) return x - 44; return x + 44; }
int f45(int x) { if (x > 1045) return x - 45; return x + 45; }
int f46(int x) { if (x > 1046) return x - 46; return x + 46; }
int f47(int x) { if (x > 1047) return x - 47; return x + 47; }
int f48(int x) { if (x > 1048) return x - 48; return x + 48; }
int f49(int x) { if (x > 1049) return x - 49; return x + 49; }

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x < 10);
  int s = 0;
  s += f0(x + 0);
  s += f1(x + 0);
  s += f2(x + 0);
  s += f3(x + 0);
  s += f4(x + 0);
  s += f5(x + 0);
  s += f6(x + 0);
  s += f7(x + 0);
  s += f8(x + 0);
  s += f9(x + 0);
  s += f10(x + 0);
  s += f11(x + 0);
  s += f12(x + 0);
  s += f13(x + 0);
  s += f14(x + 0);
  s += f15(x + 0);
  s += f16(x + 0);
  s += f17(x + 0);
  s += f18(x + 0);
  s += f19(x + 0);
  s += f20(x + 0);
  s += f21(x + 0);
  s += f22(x + 0);
  s += f23(x + 0);
  s += f24(x + 0);
  s += f25(x + 0);
  s += f26(x + 0);
  s += f27(x + 0);
  s += f28(x + 0);
  s += f29(x + 0);
  s += f30(x + 0);
  s += f31(x + 0);
  s += f32(x + 0);
  s += f33(x + 0);
  s += f34(x + 0);
  s += f35(x + 0);
  s += f36(x + 0);
  s += f37(x + 0);
  s += f38(x + 0);
  s += f39(x + 0);
  s += f40(x + 0);
  s += f41(x + 0);
  s += f42(x + 0);
  s += f43(x + 0);
  s += f44(x + 0);
  s += f45(x + 0);
  s += f46(x + 0);
  s += f47(x + 0);
  s += f48(x + 0);
  s += f49(x + 0);
  s += f0(x + 1);
  s += f1(x + 1);
  s += f2(x + 1);
  s += f3(x + 1);
  s += f4(x + 1);
  s += f5(x + 1);
  s += f6(x + 1);
  s += f7(x + 1);
  s += f8(x + 1);
  s += f9(x + 1);
  s += f10(x + 1);
  s += f11(x + 1);
  s += f12(x + 1);
  s += f13(x + 1);
  s += f14(x + 1);
  s += f15(x + 1);
  s += f16(x + 1);
  s += f17(x + 1);
  s += f18(x + 1);
  s += f19(x + 1);
  s += f20(x + 1);
  s += f21(x + 1);
  s += f22(x + 1);
  s += f23(x + 1);
  s += f24(x + 1);
  s += f25(x + 1);
  s += f26(x + 1);
  s += f27(x + 1);
  s += f28(x + 1);
  s += f29(x + 1);
  s += f30(x + 1);
  s += f31(x + 1);
  s += f32(x + 1);
  s += f33(x + 1);
  s += f34(x + 1);
  s += f35(x + 1);
  s += f36(x + 1);
  s += f37(x + 1);
  s += f38(x + 1);
  s += f39(x + 1);
  s += f40(x + 1);
  s += f41(x + 1);
  s += f42(x + 1);
  s += f43(x + 1);
  s += f44(x + 1);
  s += f45(x + 1);
  s += f46(x + 1);
  s += f47(x + 1);
  s += f48(x + 1);
  s += f49(x + 1);
  s += f0(x + 2);
  s += f1(x + 2);
  s += f2(x + 2);
  s += f3(x + 2);
  s += f4(x + 2);
  s += f5(x + 2);
  s += f6(x + 2);
  s += f7(x + 2);
  s += f8(x + 2);
  s += f9(x + 2);
  s += f10(x + 2);
  s += f11(x + 2);
  s += f12(x + 2);
  s += f13(x + 2);
  s += f14(x + 2);
  s += f15(x + 2);
  s += f16(x + 2);
  s += f17(x + 2);
  s += f18(x + 2);
  s += f19(x + 2);
  s += f20(x + 2);
  s += f21(x + 2);
  s += f22(x + 2);
  s += f23(x + 2);
  s += f24(x + 2);
  s += f25(x + 2);
  s += f26(x + 2);
  s += f27(x + 2);
  s += f28(x + 2);
  s += f29(x + 2);
  s += f30(x + 2);
  s += f31(x + 2);
  s += f32(x + 2);
  s += f33(x + 2);
  s += f34(x + 2);
  s += f35(x + 2);
  s += f36(x + 2);
  s += f37(x + 2);
  s += f38(x + 2);
  s += f39(x + 2);
  s += f40(x + 2);
  s += f41(x + 2);
  s += f42(x + 2);
  s += f43(x + 2);
  s += f44(x + 2);
  s += f45(x + 2);
  s += f46(x + 2);
  s += f47(x + 2);
  s += f48(x + 2);
  s += f49(x + 2);
  s += f0(x + 3);
  s += f1(x + 3);
  s += f2(x + 3);
  s += f3(x + 3);
  s += f4(x + 3);
  s += f5(x + 3);
  s += f6(x + 3);
  s += f7(x + 3);
  s += f8(x + 3);
  s += f9(x + 3);
  s += f10(x + 3);
  s += f11(x + 3);
  s += f12(x + 3);
  s += f13(x + 3);
  s += f14(x + 3);
  s += f15(x + 3);
  s += f16(x + 3);
  s += f17(x + 3);
  s += f18(x + 3);
  s += f19(x + 3);
  s += f20(x + 3);
  s += f21(x + 3);
  s += f22(x + 3);
  s += f23(x + 3);
  s += f24(x + 3);
  s += f25(x + 3);
  s += f26(x + 3);
  s += f27(x + 3);
  s += f28(x + 3);
  s += f29(x + 3);
  s += f30(x + 3);
  s += f31(x + 3);
  s += f32(x + 3);
  s += f33(x + 3);
  s += f34(x + 3);
  s += f35(x + 3);
  s += f36(x + 3);
  s += f37(x + 3);
  s += f38(x + 3);
  s += f39(x + 3);
  s += f40(x + 3);
  s += f41(x + 3);
  s += f42(x + 3);
  s += f43(x + 3);
  s += f44(x + 3);
  s += f45(x + 3);
  s += f46(x + 3);
  s += f47(x + 3);
  s += f48(x + 3);
  s += f49(x + 3);
  s += f0(x + 4);
  s += f1(x + 4);
  s += f2(x + 4);
  s += f3(x + 4);
  s += f4(x + 4);
  s += f5(x + 4);
  s += f6(x + 4);
  s += f7(x + 4);
  s += f8(x + 4);
  s += f9(x + 4);
  s += f10(x + 4);
  s += f11(x + 4);
  s += f12(x + 4);
  s += f13(x + 4);
  s += f14(x + 4);
  s += f15(x + 4);
  s += f16(x + 4);
  s += f17(x + 4);
  s += f18(x + 4);
  s += f19(x + 4);
  s += f20(x + 4);
  s += f21(x + 4);
  s += f22(x + 4);
  s += f23(x + 4);
  s += f24(x + 4);
  s += f25(x + 4);
  s += f26(x + 4);
  s += f27(x + 4);
  s += f28(x + 4);
  s += f29(x + 4);
  s += f30(x + 4);
  s += f31(x + 4);
  s += f32(x + 4);
  s += f33(x + 4);
  s += f34(x + 4);
  s += f35(x + 4);
  s += f36(x + 4);
  s += f37(x + 4);
  s += f38(x + 4);
  s += f39(x + 4);
  s += f40(x + 4);
  s += f41(x + 4);
  s += f42(x + 4);
  s += f43(x + 4);
  s += f44(x + 4);
  s += f45(x + 4);
  s += f46(x + 4);
  s += f47(x + 4);
  s += f48(x + 4);
  s += f49(x + 4);
  s += f0(x + 5);
  s += f1(x + 5);
  s += f2(x + 5);
  s += f3(x + 5);
  s += f4(x + 5);
  s += f5(x + 5);
  s += f6(x + 5);
  s += f7(x + 5);
  s += f8(x + 5);
  s += f9(x + 5);
  s += f10(x + 5);
  s += f11(x + 5);
  s += f12(x + 5);
  s += f13(x + 5);
  s += f14(x + 5);
  s += f15(x + 5);
  s += f16(x + 5);
  s += f17(x + 5);
  s += f18(x + 5);
  s += f19(x + 5);
  s += f20(x + 5);
  s += f21(x + 5);
  s += f22(x + 5);
  s += f23(x + 5);
  s += f24(x + 5);
  s += f25(x + 5);
  s += f26(x + 5);
  s += f27(x + 5);
  s += f28(x + 5);
  s += f29(x + 5);
  s += f30(x + 5);
  s += f31(x + 5);
  s += f32(x + 5);
  s += f33(x + 5);
  s += f34(x + 5);
  s += f35(x + 5);
  s += f36(x + 5);
  s += f37(x + 5);
  s += f38(x + 5);
  s += f39(x + 5);
  s += f40(x + 5);
  s += f41(x + 5);
  s += f42(x + 5);
  s += f43(x + 5);
  s += f44(x + 5);
  s += f45(x + 5);
  s += f46(x + 5);
  s += f47(x + 5);
  s += f48(x + 5);
  s += f49(x + 5);
  s += f0(x + 6);
  s += f1(x + 6);
  s += f2(x + 6);
  s += f3(x + 6);
  s += f4(x + 6);
  s += f5(x + 6);
  s += f6(x + 6);
  s += f7(x + 6);
  s += f8(x + 6);
  s += f9(x + 6);
  s += f10(x + 6);
  s += f11(x + 6);
  s += f12(x + 6);
  s += f13(x + 6);
  s += f14(x + 6);
  s += f15(x + 6);
  s += f16(x + 6);
  s += f17(x + 6);
  s += f18(x + 6);
  s += f19(x + 6);
  s += f20(x + 6);
  s += f21(x + 6);
  s += f22(x + 6);
  s += f23(x + 6);
  s += f24(x + 6);
  s += f25(x + 6);
  s += f26(x + 6);
  s += f27(x + 6);
  s += f28(x + 6);
  s += f29(x + 6);
  s += f30(x + 6);
  s += f31(x + 6);
  s += f32(x + 6);
  s += f33(x + 6);
  s += f34(x + 6);
  s += f35(x + 6);
  s += f36(x + 6);
  s += f37(x + 6);
  s += f38(x + 6);
  s += f39(x + 6);
  s += f40(x + 6);
  s += f41(x + 6);
  s += f42(x + 6);
  s += f43(x + 6);
  s += f44(x + 6);
  s += f45(x + 6);
  s += f46(x + 6);
  s += f47(x + 6);
  s += f48(x + 6);
  s += f49(x + 6);
  s += f0(x + 7);
  s += f1(x + 7);
  s += f2(x + 7);
  s += f3(x + 7);
  s += f4(x + 7);
  s += f5(x + 7);
  s += f6(x + 7);
  s += f7(x + 7);
  s += f8(x + 7);
  s += f9(x + 7);
  s += f10(x + 7);
  s += f11(x + 7);
  s += f12(x + 7);
  s += f13(x + 7);
  s += f14(x + 7);
  s += f15(x + 7);
  s += f16(x + 7);
  s += f17(x + 7);
  s += f18(x + 7);
  s += f19(x + 7);
  s += f20(x + 7);
  s += f21(x + 7);
  s += f22(x + 7);
  s += f23(x + 7);
  s += f24(x + 7);
  s += f25(x + 7);
  s += f26(x + 7);
  s += f27(x + 7);
  s += f28(x + 7);
  s += f29(x + 7);
  s += f30(x + 7);
  s += f31(x + 7);
  s += f32(x + 7);
  s += f33(x + 7);
  s += f34(x + 7);
  s += f35(x + 7);
  s += f36(x + 7);
  s += f37(x + 7);
  s += f38(x + 7);
  s += f39(x + 7);
  s += f40(x + 7);
  s += f41(x + 7);
  s += f42(x + 7);
  s += f43(x + 7);
  s += f44(x + 7);
  s += f45(x + 7);
  s += f46(x + 7);
  s += f47(x + 7);
  s += f48(x + 7);
  s += f49(x + 7);
  s += f0(x + 8);
  s += f1(x + 8);
  s += f2(x + 8);
  s += f3(x + 8);
  s += f4(x + 8);
  s += f5(x + 8);
  s += f6(x + 8);
  s += f7(x + 8);
  s += f8(x + 8);
  s += f9(x + 8);
  s += f10(x + 8);
  s += f11(x + 8);
  s += f12(x + 8);
  s += f13(x + 8);
  s += f14(x + 8);
  s += f15(x + 8);
  s += f16(x + 8);
  s += f17(x + 8);
  s += f18(x + 8);
  s += f19(x + 8);
  s += f20(x + 8);
  s += f21(x + 8);
  s += f22(x + 8);
  s += f23(x + 8);
  s += f24(x + 8);
  s += f25(x + 8);
  s += f26(x + 8);
  s += f27(x + 8);
  s += f28(x + 8);
  s += f29(x + 8);
  s += f30(x + 8);
  s += f31(x + 8);
  s += f32(x + 8);
  s += f33(x + 8);
  s += f34(x + 8);
  s += f35(x + 8);
  s += f36(x + 8);
  s += f37(x + 8);
  s += f38(x + 8);
  s += f39(x + 8);
  s += f40(x + 8);
  s += f41(x + 8);
  s += f42(x + 8);
  s += f43(x + 8);
  s += f44(x + 8);
  s += f45(x + 8);
  s += f46(x + 8);
  s += f47(x + 8);
  s += f48(x + 8);
  s += f49(x + 8);
  s += f0(x + 9);
  s += f1(x + 9);
  s += f2(x + 9);
  s += f3(x + 9);
  s += f4(x + 9);
  s += f5(x + 9);
  s += f6(x + 9);
  s += f7(x + 9);
  s += f8(x + 9);
  s += f9(x + 9);
  s += f10(x + 9);
  s += f11(x + 9);
  s += f12(x + 9);
  s += f13(x + 9);
  s += f14(x + 9);
  s += f15(x + 9);
  s += f16(x + 9);
  s += f17(x + 9);
  s += f18(x + 9);
  s += f19(x + 9);
  s += f20(x + 9);
  s += f21(x + 9);
  s += f22(x + 9);
  s += f23(x + 9);
  s += f24(x + 9);
  s += f25(x + 9);
  s += f26(x + 9);
  s += f27(x + 9);
  s += f28(x + 9);
  s += f29(x + 9);
  s += f30(x + 9);
  s += f31(x + 9);
  s += f32(x + 9);
  s += f33(x + 9);
  s += f34(x + 9);
  s += f35(x + 9);
  s += f36(x + 9);
  s += f37(x + 9);
  s += f38(x + 9);
  s += f39(x + 9);
  s += f40(x + 9);
  s += f41(x + 9);
  s += f42(x + 9);
  s += f43(x + 9);
  s += f44(x + 9);
  s += f45(x + 9);
  s += f46(x + 9);
  s += f47(x + 9);
  s += f48(x + 9);
  s += f49(x + 9);
  if (s == 16000) reach_error();
  return 0;
}
