// expect: false
// A spin-free "lock" by compare-exchange: taking it twice fails, and the failed attempt
// writes the lock's value into `expected` — which the program wrongly assumes stays 0.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int lock;
int main(void) {
  int expected = 0;
  if (!__atomic_compare_exchange_n(&lock, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) return 0;
  if (__VERIFIER_nondet_int()) {
    if (__atomic_compare_exchange_n(&lock, &expected, 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) return 0;
    if (expected != 0) reach_error();
  }
  return 0;
}
