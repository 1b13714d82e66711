// A pointer chosen between an ad_dup and an ad_const argument and then
// indexed, `(k > 1 ? x : c)[k]` (about 7% of random programs, refused until
// now: the constant side has no shadow of known size): the shadow of each
// indexed access is the indexed shadow of x, or a zeroed scratch when c is
// chosen, in both modes and at every level.
//   pick = 2 (k > 1 ? x : c)[k]: d/dx_k = 2 if k > 1, else 0
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>

double pick(const double *x, const double *c, int k) {
  const double *p = k > 1 ? x : c;
  return p[k] * 2.0;
}

int main(void) {
  double x[4] = {0.5, 0.7, 0.9, 1.1}, c[4] = {3, 4, 5, 6};
  for (int k = 0; k < 4; k++) {
    double dx[4] = {0, 0, 0, 0}, t[4] = {0, 0, 0, 0};
    __ad_autodiff((void *)pick, ad_dup, x, dx, ad_const, c, ad_const, k);
    ad_check("reverse d/dx_k", dx[k], k > 1 ? 2 : 0, k > 1 ? 2 : 0);
    ad_check("reverse, other components", dx[(k + 1) % 4], 0, 0);
    t[k] = 1;
    ad_check("forward d/dx_k",
             __ad_fwddiff((void *)pick, ad_dup, x, t, ad_const, c, ad_const, k),
             k > 1 ? 2 : 0, k > 1 ? 2 : 0);
  }
  return ad_check_report();
}
