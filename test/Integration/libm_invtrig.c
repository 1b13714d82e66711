// atan, asin, acos and atan2 (both arguments, several quadrants).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f_atan(double x) { return atan(x); }
double f_asin(double x) { return asin(x); }
double f_acos(double x) { return acos(x); }
double f_atan2(double y, double x) { return atan2(y, x); }

static double atan2_a(const double *a) { return f_atan2(a[0], a[1]); }

static void check_unary(double x) {
  ad_check("atan", __ad_autodiff((void *)f_atan, x), 1 / (1 + x * x),
           ad_fd(f_atan, x));
  ad_check("asin", __ad_autodiff((void *)f_asin, x), 1 / sqrt(1 - x * x),
           ad_fd(f_asin, x));
  ad_check("acos", __ad_autodiff((void *)f_acos, x), -1 / sqrt(1 - x * x),
           ad_fd(f_acos, x));
}

static void check_atan2(double y, double x) {
  double a[2];
  double r2 = x * x + y * y;
  a[0] = y;
  a[1] = x;
  ad_check("atan2 dy", __ad_autodiff((void *)f_atan2, y, ad_const, x), x / r2,
           ad_fdn(atan2_a, a, 2, 0));
  ad_check("atan2 dx", __ad_autodiff((void *)f_atan2, ad_const, y, x), -y / r2,
           ad_fdn(atan2_a, a, 2, 1));
}

int main(void) {
  check_unary(0.3);
  check_unary(ad_opaque(-0.6));
  ad_check("atan(-3)", __ad_autodiff((void *)f_atan, -3.0), 0.1,
           ad_fd(f_atan, -3.0));
  check_atan2(2.0, 1.0);
  check_atan2(ad_opaque(0.5), ad_opaque(-1.5));
  check_atan2(-0.5, -1.5);
  check_atan2(-2.5, 0.25);
  return ad_check_report();
}
