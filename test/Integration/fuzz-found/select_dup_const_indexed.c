// Found by tools/adfuzz (seed 885, -O3, both modes): at -O2 the fully
// unrolled loop reads `c ? x[4] : p[3]` through a select of the ad_dup and
// the ad_const pointer, indexed, stores it into a global, and the result
// reads the global back. The read was first not differentiated at all (df/dx
// came out 0: reads through mixed pointers were never varied), then refused;
// now a select of differentiated and constant memory indexed once has, as
// shadow, the indexed shadow of the differentiated side or the zeroed
// scratch, chosen by the same condition.
//   f = erf(-1.4 + x4) (x1 < 0.607): df/dx4 = 2/sqrt(pi) exp(-(x4 - 1.4)^2)
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double g2[8];

double f(const double *x, const double *p, int n) {
  for (int k = 0; k < 8; k++)
    g2[k] = x[1 % n] < 0.607 ? x[4 % n] : p[3 % n];
  double e[8];
  for (int k = 0; k < 8; k++)
    e[k] = erf(-1.4 + g2[k]);
  return e[2];
}

static double P[8];
static double fx(const double *x) { return f(x, P, 8); }

int main(void) {
  double x[8] = {0.1, 0.2, 0.3, 0.4, 0.5, 0, 0, 0}, dx[8] = {0};
  __ad_autodiff((void *)f, ad_dup, x, dx, ad_const, P, ad_const, 8);
  double d = 2 / sqrt(M_PI) * exp(-(0.5 - 1.4) * (0.5 - 1.4));
  ad_check("df/dx4", dx[4], d, ad_fdn(fx, x, 8, 4));
  double t[8] = {0, 0, 0, 0, 1};
  ad_check("forward df/dx4",
           __ad_fwddiff((void *)f, ad_dup, x, t, ad_const, P, ad_const, 8), d,
           ad_fdn(fx, x, 8, 4));
  return ad_check_report();
}
