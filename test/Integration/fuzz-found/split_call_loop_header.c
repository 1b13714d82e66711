// Found by tools/adfuzz (seed 114): at -O2 a call that must be split (its
// argument, a global, is written elsewhere) is the first instruction of a
// loop header whose phi is taped. The tape store of the phi was placed at
// the header's first instruction as it was before the split call replaced
// it (freed memory): an internal error "Instruction does not dominate all
// uses" (the reduced program). x3 in (0, 1) selects case 0: acc = max over
// the loop of tanh(x0), with a dead call h(g, 8) in the loop:
// df/dx0 = 1 - tanh(x0)^2, df/da = 0.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

static double g[8];

double h(const double *v, int m) {
  if (m <= 0)
    return 0.0;
  return v[m - 1] * 1.16 + h(v, m - 1);
}

double f(const double *x, const double *p, double a, int n) {
  double acc = 0.0;
  g[0] = 0.7 + acc + a;
  a = g[5] > p[n - 1] ? acc : hypot(a, 1.0);
  switch ((int)(x[3 % n]) % 4) {
  case 0:
    for (int i = n - 1; i >= 0; i--) {
      double s = h(g, 8);
      (void)s;
      acc = fmax(acc, tanh(x[0]));
    }
  }
  return acc;
}

static double A = 0.3;
static const double P[4] = {0.1, 0.2, 0.3, 0.4};
static double fx(const double *x) { return f(x, P, A, 4); }

int main(void) {
  double x[4] = {0.5, 0.7, 0.9, 0.8}, dx[4] = {0}, t[4] = {1, 0, 0, 0};
  double want = 1 - tanh(x[0]) * tanh(x[0]);
  ad_check_eq(
      "reverse da",
      __ad_autodiff((void *)f, ad_dup, x, dx, ad_const, P, A, ad_const, 4), 0);
  ad_check("reverse dx0", dx[0], want, ad_fdn(fx, x, 4, 0));
  ad_check("forward dx0",
           __ad_fwddiff((void *)f, ad_dup, x, t, ad_const, P, ad_const, A,
                        ad_const, 4),
           want, ad_fdn(fx, x, 4, 0));
  return ad_check_report();
}
