// Found by tools/adfuzz (seed 885, -O3, both modes): at -O2 the fully
// unrolled loop reads `c ? x[4] : p[3]` through a select of the ad_dup and
// the ad_const pointer, stores it into a global, and the result reads the
// global back. The read through the mixed pointer was not considered varied,
// so it was neither differentiated nor refused: df/dx4 came out 0 (the
// usefulness of a read is only followed from varied values). Reads through
// mixed pointers (and unknown ones, when the function has shadows) are now
// varied, hence refused when they matter. (At -O0/-O1 the select is of
// elements and is differentiated.)
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O3 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %clang -O0 %s -DRUN -o %t0 -lm && %t0
// RUN: %clang -O1 %s -DRUN -o %t1 -lm && %t1
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double g2[8];

double f(const double *x, const double *p, int n) {
  for (int k = 0; k < 8; k++)
    // CHECK: select-dup-const-via-global.c:[[@LINE+1]]:{{[0-9]+}}: error: ADPass: in 'f': cannot tell whether this mixed pointer points into differentiated memory
    g2[k] = x[1 % n] < 0.607 ? x[4 % n] : p[3 % n];
  double e[8];
  for (int k = 0; k < 8; k++)
    e[k] = erf(-1.4 + g2[k]);
  return e[2];
}

#ifdef RUN
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
#else
void g(const double *x, double *dx, const double *p) {
  __ad_autodiff((void *)f, ad_dup, x, dx, ad_const, p, ad_const, 8);
}
#endif
