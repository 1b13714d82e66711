// sin, cos, tan and a composition of them.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f_sin(double x) { return sin(x); }
double f_cos(double x) { return cos(x); }
double f_tan(double x) { return tan(x); }
double f_sincos(double x) { return sin(cos(x)) * tan(0.5 * x); }

static void check_at(double x) {
  double t = tan(0.5 * x);
  ad_check("sin", __ad_autodiff((void *)f_sin, x), cos(x), ad_fd(f_sin, x));
  ad_check("cos", __ad_autodiff((void *)f_cos, x), -sin(x), ad_fd(f_cos, x));
  ad_check("tan", __ad_autodiff((void *)f_tan, x), 1 + tan(x) * tan(x),
           ad_fd(f_tan, x));
  ad_check("sin(cos(x)) * tan(x/2)", __ad_autodiff((void *)f_sincos, x),
           -cos(cos(x)) * sin(x) * t + sin(cos(x)) * 0.5 * (1 + t * t),
           ad_fd(f_sincos, x));
}

int main(void) {
  check_at(0.7);
  check_at(ad_opaque(-2.3));
  check_at(ad_opaque(-1.2));
  return ad_check_report();
}
