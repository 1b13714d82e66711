// fma, one active argument at a time (all three active: struct_return_sret).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f_fma(double x, double y, double z) { return fma(x, y, z); }
double f_fma_sq(double x) { return fma(x, x, -x); }

static double fma_a(const double *a) { return f_fma(a[0], a[1], a[2]); }

static void check_at(double x, double y, double z) {
  double a[3];
  a[0] = x;
  a[1] = y;
  a[2] = z;
  ad_check("fma dx", __ad_autodiff((void *)f_fma, x, ad_const, y, ad_const, z),
           y, ad_fdn(fma_a, a, 3, 0));
  ad_check("fma dy", __ad_autodiff((void *)f_fma, ad_const, x, y, ad_const, z),
           x, ad_fdn(fma_a, a, 3, 1));
  ad_check("fma dz", __ad_autodiff((void *)f_fma, ad_const, x, ad_const, y, z),
           1.0, ad_fdn(fma_a, a, 3, 2));
}

int main(void) {
  check_at(1.5, -2.0, 0.25);
  check_at(ad_opaque(-0.3), ad_opaque(4.0), ad_opaque(-1.0));
  ad_check("fma(x, x, -x)", __ad_autodiff((void *)f_fma_sq, 1.4), 2 * 1.4 - 1,
           ad_fd(f_fma_sq, 1.4));
  return ad_check_report();
}
