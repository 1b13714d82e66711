// A read-only parameter array marked ad_const: no shadow, and not modified.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double poly(double x, const double *c) {
  return c[0] + c[1] * x + c[2] * x * x + c[3] * sin(x);
}

/* The constant pointer comes first. */
double scaled(const double *c, double x) { return exp(c[1] * x) / c[0]; }

static const double *g_c;
static double poly_x(double x) { return poly(x, g_c); }
static double scaled_x(double x) { return scaled(g_c, x); }

int main(void) {
  double c[4] = {0.5, -1.25, 2.0, 0.75};
  double x = 0.9;
  g_c = c;
  ad_check("poly", __ad_autodiff((void *)poly, x, ad_const, c),
           c[1] + 2 * c[2] * x + c[3] * cos(x), ad_fd(poly_x, x));
  x = ad_opaque(-1.1);
  ad_check("poly opaque", __ad_autodiff((void *)poly, x, ad_const, c),
           c[1] + 2 * c[2] * x + c[3] * cos(x), ad_fd(poly_x, x));
  ad_check("scaled", __ad_autodiff((void *)scaled, ad_const, c, x),
           c[1] * exp(c[1] * x) / c[0], ad_fd(scaled_x, x));
  ad_check_eq("c[0] unchanged", c[0], 0.5);
  ad_check_eq("c[1] unchanged", c[1], -1.25);
  ad_check_eq("c[2] unchanged", c[2], 2.0);
  ad_check_eq("c[3] unchanged", c[3], 0.75);
  return ad_check_report();
}
