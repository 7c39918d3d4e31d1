// The error is 10,000 loop iterations deep along the only path there is: BMC and IC3
// need a frame per iteration, random simulation (`--engine sim`) runs there directly.
extern void reach_error(void);

int main(void) {
  unsigned int x = 0;
  while (x != 30000) {
    x += 3;
  }
  reach_error();
  return 0;
}
