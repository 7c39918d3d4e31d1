// A tiny stack machine: each instruction's handler is called through a table of function
// pointers, with the machine passed by pointer. One opcode is an input (ADD or SUB); the
// result stays below 300 either way.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

struct vm { int stack[8]; int sp; };
typedef void (*handler)(struct vm *, int);

static void push(struct vm *m, int arg) { m->stack[m->sp++] = arg; }
static void add(struct vm *m, int arg) { m->sp--; m->stack[m->sp - 1] += m->stack[m->sp]; }
static void sub(struct vm *m, int arg) { m->sp--; m->stack[m->sp - 1] -= m->stack[m->sp]; }
static void mul(struct vm *m, int arg) { m->sp--; m->stack[m->sp - 1] *= m->stack[m->sp]; }

enum { PUSH, ADD, SUB, MUL };
static const handler table[] = { push, add, sub, mul };

struct insn { int op; int arg; };

int run(const struct insn *code, int n) {
  struct vm m = { { 0 }, 0 };
  for (int i = 0; i < n; i++) table[code[i].op](&m, code[i].arg);
  return m.stack[0];
}

int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  if (a < 0 || a > 100 || b < 0 || b > 100) return 0;
  int op = __VERIFIER_nondet_int();
  if (op != ADD && op != SUB) return 0;
  // (a op b) * 2 - b
  struct insn code[] = { { PUSH, a }, { PUSH, b }, { op, 0 }, { PUSH, 2 }, { MUL, 0 },
                         { PUSH, b }, { SUB, 0 } };
  if (run(code, 7) > 300) reach_error();
  return 0;
}
