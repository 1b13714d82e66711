// A read-only input array with a shadow (ad_dup, or unmarked): the gradient is
// accumulated into the shadow (+=), constant offsets only.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double dot3(const double *x) {
  return x[0] * x[1] + x[2] * x[2] * x[0] + sin(x[1]);
}

/* An active scalar and an active array. */
double mixed(double s, const double *x) { return s * x[0] + x[1] / s; }

static double dot3_a(const double *a) { return dot3(a); }
static double mixed_a(const double *a) { return mixed(a[0], a + 1); }

int main(void) {
  double x[3] = {1.5, -0.7, 0.4};
  double dx[3] = {0, 0, 0};
  double m[3] = {0.8, 1.5, -0.7};
  double s = 0.8, ds;
  double g0 = x[1] + x[2] * x[2], g1 = x[0] + cos(x[1]), g2 = 2 * x[2] * x[0];

  __ad_autodiff((void *)dot3, ad_dup, x, dx);
  ad_check("dot3 dx0", dx[0], g0, ad_fdn(dot3_a, x, 3, 0));
  ad_check("dot3 dx1", dx[1], g1, ad_fdn(dot3_a, x, 3, 1));
  ad_check("dot3 dx2", dx[2], g2, ad_fdn(dot3_a, x, 3, 2));
  ad_check_eq("x unchanged", x[0] + x[1] + x[2], 1.5 - 0.7 + 0.4);

  /* Accumulation: the shadow already holds something. */
  dx[0] = 0.5;
  dx[1] = -1.0;
  dx[2] = 2.0;
  __ad_autodiff((void *)dot3, ad_dup, x, dx);
  ad_check("accumulated dx0", dx[0], 0.5 + g0, 0.5 + ad_fdn(dot3_a, x, 3, 0));
  ad_check("accumulated dx1", dx[1], -1.0 + g1, -1.0 + ad_fdn(dot3_a, x, 3, 1));
  ad_check("accumulated dx2", dx[2], 2.0 + g2, 2.0 + ad_fdn(dot3_a, x, 3, 2));

  /* No marker: a pointer is dup by default and its shadow follows. */
  dx[0] = dx[1] = dx[2] = 0;
  __ad_autodiff((void *)dot3, x, dx);
  ad_check("unmarked dx0", dx[0], g0, ad_fdn(dot3_a, x, 3, 0));
  ad_check("unmarked dx2", dx[2], g2, ad_fdn(dot3_a, x, 3, 2));

  dx[0] = dx[1] = dx[2] = 0;
  ds = __ad_autodiff((void *)mixed, ad_opaque(s), ad_dup, x, dx);
  ad_check("mixed ds", ds, x[0] - x[1] / (s * s), ad_fdn(mixed_a, m, 3, 0));
  ad_check("mixed dx0", dx[0], s, ad_fdn(mixed_a, m, 3, 1));
  ad_check("mixed dx1", dx[1], 1 / s, ad_fdn(mixed_a, m, 3, 2));
  ad_check_eq("mixed dx2 untouched", dx[2], 0.0);
  return ad_check_report();
}
