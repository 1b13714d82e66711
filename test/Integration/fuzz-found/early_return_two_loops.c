// Fuzz seed 310212: a `return` inside an inner loop leaves two (or three)
// loops at once. Crossing that edge backwards, the reverse sweep set the
// inner loop's reverse index before its parent's: the inner start index and
// trip count were read from the parent's tape at a stale index (record 0),
// and at -O0 the reverse inner loop counted down past its start forever.
// The loops are now entered outermost first. (At -O1 and above the exit
// goes through a block of the outer loop, which hid it.)
// RUN: %clang -O0 %s -o %t0 -lm && timeout 20 %t0
// RUN: %clang -O1 %s -o %t1 -lm && timeout 20 %t1
// RUN: %clang -O2 %s -o %t2 -lm && timeout 20 %t2
// RUN: %clang -O3 %s -o %t3 -lm && timeout 20 %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

// Leaves both loops in outer iteration 2 (inner trip count known).
static double two(double a, int n) {
  double acc = 0.0;
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 2; j++)
      if (i + j > 2)
        return acc;
    acc += a;
  }
  return acc * n;
}

// Three loops, the return from the innermost, the middle bound a parameter.
static double three(double a, int n) {
  double acc = 0.0;
  for (int k = 0; k < 2; k++)
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < 2; j++) {
        acc = acc * a + 1.0;
        if (k + i + j > 3)
          return sin(acc) * a;
      }
      acc += a;
    }
  return acc;
}

static double three_1(double a) { return three(a, 3); }

int main(void) {
  double d2 = __ad_autodiff((void *)two, 0.5, 3);
  ad_check_eq("two loops left at once", d2, 2.0);
  double d3 = __ad_autodiff((void *)three, 0.5, 3);
  ad_check("three loops left at once", d3, ad_fd(three_1, 0.5),
           ad_fd(three_1, 0.5));
  return ad_check_report();
}
