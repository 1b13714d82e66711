// Explicit ad_out markers on active scalars, mixed with ad_const.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f(double x, double c, double y) { return exp(c * x) * y; }
float h(float x) { return x * x * x; }

static double f_a(const double *a) { return f(a[0], a[1], a[2]); }

int main(void) {
  double a[3] = {0.4, -1.5, 2.0};
  double x = a[0], c = a[1], y = a[2];
  ad_double2 r = __ad_autodiff_d2((void *)f, ad_out, x, ad_const, c, ad_out, y);
  ad_check("ad_out x", r.d[0], c * exp(c * x) * y, ad_fdn(f_a, a, 3, 0));
  ad_check("ad_out y", r.d[1], exp(c * x), ad_fdn(f_a, a, 3, 2));
  ad_check(
      "single ad_out",
      __ad_autodiff((void *)f, ad_const, x, ad_out, ad_opaque(c), ad_const, y),
      x * exp(c * x) * y, ad_fdn(f_a, a, 3, 1));
  ad_check_f("ad_out float", __ad_autodiff_f((void *)h, ad_out, 1.5f),
             3 * 1.5 * 1.5, ad_fdf(h, 1.5f));
  return ad_check_report();
}
