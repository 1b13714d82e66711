// fabs, fmin, fmax and copysign, on both sides of every kink.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f_fabs(double x) { return fabs(x) * 2.0; }
double f_fabs_in(double x) { return fabs(x * x - 2.0); }
double f_fmin(double x, double y) { return fmin(x, y) * 3.0; }
double f_fmax(double x, double y) { return fmax(x * x, y); }
double f_copysign(double x, double y) { return copysign(x, y); }

static double fmin_a(const double *a) { return f_fmin(a[0], a[1]); }
static double fmax_a(const double *a) { return f_fmax(a[0], a[1]); }
static double copysign_a(const double *a) { return f_copysign(a[0], a[1]); }

static void check_minmax(double x, double y) {
  double a[2];
  a[0] = x;
  a[1] = y;
  ad_check("fmin dx", __ad_autodiff((void *)f_fmin, x, ad_const, y),
           x < y ? 3.0 : 0.0, ad_fdn(fmin_a, a, 2, 0));
  ad_check("fmin dy", __ad_autodiff((void *)f_fmin, ad_const, x, y),
           x < y ? 0.0 : 3.0, ad_fdn(fmin_a, a, 2, 1));
  ad_check("fmax(x*x, y) dx", __ad_autodiff((void *)f_fmax, x, ad_const, y),
           x * x > y ? 2 * x : 0.0, ad_fdn(fmax_a, a, 2, 0));
  ad_check("fmax(x*x, y) dy", __ad_autodiff((void *)f_fmax, ad_const, x, y),
           x * x > y ? 0.0 : 1.0, ad_fdn(fmax_a, a, 2, 1));
}

static void check_copysign(double x, double y) {
  double a[2];
  double sx = x > 0 ? 1.0 : -1.0, sy = y > 0 ? 1.0 : -1.0;
  a[0] = x;
  a[1] = y;
  ad_check("copysign dx", __ad_autodiff((void *)f_copysign, x, ad_const, y),
           sx * sy, ad_fdn(copysign_a, a, 2, 0));
  ad_check("copysign dy", __ad_autodiff((void *)f_copysign, ad_const, x, y),
           0.0, ad_fdn(copysign_a, a, 2, 1));
}

int main(void) {
  ad_check("fabs at 1.3", __ad_autodiff((void *)f_fabs, 1.3), 2.0,
           ad_fd(f_fabs, 1.3));
  ad_check("fabs at -0.8", __ad_autodiff((void *)f_fabs, ad_opaque(-0.8)), -2.0,
           ad_fd(f_fabs, -0.8));
  ad_check("fabs(x*x-2) inside negative", __ad_autodiff((void *)f_fabs_in, 1.0),
           -2.0, ad_fd(f_fabs_in, 1.0));
  ad_check("fabs(x*x-2) inside positive",
           __ad_autodiff((void *)f_fabs_in, ad_opaque(-1.6)), -3.2,
           ad_fd(f_fabs_in, -1.6));
  check_minmax(0.5, 1.5);
  check_minmax(ad_opaque(1.5), ad_opaque(0.5));
  check_minmax(-2.0, 3.0);
  check_copysign(1.5, -2.0);
  check_copysign(-1.5, -2.0);
  check_copysign(ad_opaque(-1.5), ad_opaque(3.0));
  check_copysign(0.75, 0.5);
  return ad_check_report();
}
