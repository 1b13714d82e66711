// An AD_INACTIVE function may write memory the differentiated code reads
// back: here an index chosen in each iteration of a loop. Its write must
// count as a write, so the reverse sweep uses each iteration's index (kept
// in the tape), not the last one re-read from memory. (This gave a silent
// wrong gradient before: AD_INACTIVE calls were assumed to write nothing.)
// The same with time(), which writes through its pointer argument.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <time.h>

AD_INACTIVE void pick(int i, int *k) { *k = (i * 7) % 4; }

static double f(const double *x, int n) {
  double s = 0;
  int k;
  for (int i = 0; i < n; i++) {
    pick(i, &k);
    s += x[k] * x[k] * (i + 1);
  }
  return s;
}

/* time(&t) writes t; a value read back from it steers the weights. */
static double g(const double *x, int n) {
  double s = 0;
  time_t t;
  for (int i = 0; i < n; i++) {
    time(&t);
    int w = t > 0 ? i + 1 : 0; /* the clock is past 1970: always i + 1 */
    s += x[i] * x[i] * w;
  }
  return s;
}

int main(void) {
  double x[4] = {1, 2, 3, 4}, dx[4] = {0, 0, 0, 0};
  __ad_autodiff((void *)f, x, dx, 4);
  /* i = 0..3 picks k = 0, 3, 2, 1 with weights 1..4: d/dx_k = 2 x_k w. */
  const double want[4] = {2 * 1 * 1, 2 * 2 * 4, 2 * 3 * 3, 2 * 4 * 2};
  for (int i = 0; i < 4; i++)
    ad_check_eq("index from an inactive call", dx[i], want[i]);
  double dy[4] = {0, 0, 0, 0};
  __ad_autodiff((void *)g, x, dy, 4);
  for (int i = 0; i < 4; i++)
    ad_check_eq("weights read after time()", dy[i], 2 * x[i] * (i + 1));
  return ad_check_report();
}
