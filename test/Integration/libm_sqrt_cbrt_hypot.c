// sqrt, cbrt and hypot.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f_sqrt(double x) { return sqrt(x); }
double f_norm(double x) { return sqrt(x * x + 1.0); }
double f_cbrt(double x) { return cbrt(x); }
double f_hypot(double x, double y) { return hypot(x, y); }

static double hypot_a(const double *a) { return f_hypot(a[0], a[1]); }

static void check_hypot(double x, double y) {
  double a[2];
  double r = sqrt(x * x + y * y);
  a[0] = x;
  a[1] = y;
  ad_check("hypot dx", __ad_autodiff((void *)f_hypot, x, ad_const, y), x / r,
           ad_fdn(hypot_a, a, 2, 0));
  ad_check("hypot dy", __ad_autodiff((void *)f_hypot, ad_const, x, y), y / r,
           ad_fdn(hypot_a, a, 2, 1));
}

int main(void) {
  ad_check("sqrt(2.25)", __ad_autodiff((void *)f_sqrt, 2.25), 1.0 / 3.0,
           ad_fd(f_sqrt, 2.25));
  ad_check("sqrt(0.3)", __ad_autodiff((void *)f_sqrt, ad_opaque(0.3)),
           0.5 / sqrt(0.3), ad_fd(f_sqrt, 0.3));
  ad_check("sqrt(x*x+1)", __ad_autodiff((void *)f_norm, -1.7),
           -1.7 / sqrt(1.7 * 1.7 + 1), ad_fd(f_norm, -1.7));
  ad_check("cbrt(3.375)", __ad_autodiff((void *)f_cbrt, 3.375), 1.0 / 6.75,
           ad_fd(f_cbrt, 3.375));
  ad_check("cbrt(-8)", __ad_autodiff((void *)f_cbrt, ad_opaque(-8.0)),
           1.0 / 12.0, ad_fd(f_cbrt, -8.0));
  check_hypot(3.0, 4.0);
  check_hypot(ad_opaque(-1.5), ad_opaque(2.0));
  return ad_check_report();
}
