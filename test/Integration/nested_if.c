// Nested if/else: each of the four leaves, for both active arguments.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double nested(double x, double y) {
  double r;
  if (x > 0) {
    if (y > 0)
      r = x * y;
    else
      r = x - y * y;
  } else {
    if (y > x)
      r = exp(x) + y;
    else
      r = cos(x * y);
  }
  return r * 2.0;
}

static double nested_a(const double *a) { return nested(a[0], a[1]); }

static void check_at(const char *leaf, double x, double y, double ex,
                     double ey) {
  double a[2];
  char name[64];
  a[0] = x;
  a[1] = y;
  snprintf(name, sizeof name, "%s dx", leaf);
  ad_check(name, __ad_autodiff((void *)nested, x, ad_const, y), ex,
           ad_fdn(nested_a, a, 2, 0));
  snprintf(name, sizeof name, "%s dy", leaf);
  ad_check(name, __ad_autodiff((void *)nested, ad_const, x, y), ey,
           ad_fdn(nested_a, a, 2, 1));
}

int main(void) {
  double x, y;
  check_at("x>0, y>0", 1.5, 0.5, 2 * 0.5, 2 * 1.5);
  check_at("x>0, y<=0", 1.5, -0.5, 2.0, -4 * -0.5);
  x = ad_opaque(-0.5);
  y = ad_opaque(0.7);
  check_at("x<=0, y>x", x, y, 2 * exp(x), 2.0);
  x = -0.5;
  y = -1.5;
  check_at("x<=0, y<=x", x, y, -2 * sin(x * y) * y, -2 * sin(x * y) * x);
  return ad_check_report();
}
