// Reverse mode through fmul and fdiv, both operands active.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>

double mul(double x, double y) { return x * y * x; }
double divide(double x, double y) { return x / y; }
double recip(double x) { return 1.0 / x; }
double quot(double x, double y) { return (x * x + 1.0) / (x - y); }
double square(double x) { return x * x; }

static double mul_a(const double *a) { return mul(a[0], a[1]); }
static double div_a(const double *a) { return divide(a[0], a[1]); }
static double quot_a(const double *a) { return quot(a[0], a[1]); }

static void check_at(double x, double y) {
  double a[2];
  double n = x * x + 1.0, d = x - y;
  a[0] = x;
  a[1] = y;
  ad_check("mul dx", __ad_autodiff((void *)mul, x, ad_const, y), 2 * x * y,
           ad_fdn(mul_a, a, 2, 0));
  ad_check("mul dy", __ad_autodiff((void *)mul, ad_const, x, y), x * x,
           ad_fdn(mul_a, a, 2, 1));
  ad_check("div dx", __ad_autodiff((void *)divide, x, ad_const, y), 1.0 / y,
           ad_fdn(div_a, a, 2, 0));
  ad_check("div dy", __ad_autodiff((void *)divide, ad_const, x, y),
           -x / (y * y), ad_fdn(div_a, a, 2, 1));
  ad_check("recip", __ad_autodiff((void *)recip, x), -1.0 / (x * x),
           ad_fd(recip, x));
  ad_check("square", __ad_autodiff((void *)square, x), 2 * x, ad_fd(square, x));
  ad_check("quot dx", __ad_autodiff((void *)quot, x, ad_const, y),
           (2 * x * d - n) / (d * d), ad_fdn(quot_a, a, 2, 0));
  ad_check("quot dy", __ad_autodiff((void *)quot, ad_const, x, y), n / (d * d),
           ad_fdn(quot_a, a, 2, 1));
}

int main(void) {
  check_at(1.5, -0.5);
  check_at(ad_opaque(-2.0), ad_opaque(0.75));
  return ad_check_report();
}
