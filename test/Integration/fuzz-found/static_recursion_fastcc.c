// Found by random programs: a static recursive helper gets the fastcc
// calling convention from -O1; its derivatives were cloned as fastcc but
// called with the C convention (a crash in reverse mode, garbage in forward
// mode). f = prod_k sin(a_k), df/da_k = cos(a_k) prod_{j != k} sin(a_j).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

static double rprod(const double *a, int m) {
  return m == 1 ? sin(a[0]) : sin(a[m - 1]) * rprod(a, m - 1);
}
double f(const double *a, int n) { return rprod(a, n); }

static double f4(const double *a) { return f(a, 4); }

int main(void) {
  double a[4] = {0.5, 0.7, 0.9, 1.3}, da[4] = {0};
  char name[32];
  __ad_autodiff((void *)f, ad_dup, a, da, ad_const, 4);
  for (int k = 0; k < 4; k++) {
    double want = cos(a[k]);
    for (int j = 0; j < 4; j++)
      if (j != k)
        want *= sin(a[j]);
    double t[4] = {0};
    t[k] = 1;
    snprintf(name, sizeof name, "reverse da[%d]", k);
    ad_check(name, da[k], want, ad_fdn(f4, a, 4, k));
    snprintf(name, sizeof name, "forward e%d", k);
    ad_check(name, __ad_fwddiff((void *)f, ad_dup, a, t, ad_const, 4), want,
             ad_fdn(f4, a, 4, k));
  }
  return ad_check_report();
}
