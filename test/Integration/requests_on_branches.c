// Gradient and tangent requests on the two sides of an if, which SimplifyCFG
// used to merge (-O2, -O3) into one call on a phi of the two functions,
// refused as "not a function". The entry points are now nomerge from the
// start of the pipeline.
//   f1 = x0^2 (4 at x0 = 2), f2 = x0^3 (12), g1 = sin x0, g2 = cos x0
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f1(const double *x) { return x[0] * x[0]; }
double f2(const double *x) { return x[0] * x[0] * x[0]; }
double g1(double a) { return sin(a); }
double g2(double a) { return cos(a); }

__attribute__((noinline)) void grad(int which, double *x, double *dx) {
  if (which)
    __ad_autodiff((void *)f1, ad_dup, x, dx);
  else
    __ad_autodiff((void *)f2, ad_dup, x, dx);
}

__attribute__((noinline)) double slope(int which, double a) {
  double r;
  if (which)
    r = __ad_autodiff((void *)g1, a);
  else
    r = __ad_autodiff((void *)g2, a);
  return r;
}

__attribute__((noinline)) double tangent(int which, double a) {
  double r;
  if (which)
    r = __ad_fwddiff((void *)g1, ad_dup, a, 1.0);
  else
    r = __ad_fwddiff((void *)g2, ad_dup, a, 1.0);
  return r;
}

int main(void) {
  double x[1] = {2.0}, d1[1] = {0}, d2[1] = {0};
  grad(1, x, d1);
  grad(0, x, d2);
  ad_check("f1", d1[0], 4.0, 4.0);
  ad_check("f2", d2[0], 12.0, 12.0);
  ad_check("g1", slope(1, 0.5), cos(0.5), cos(0.5));
  ad_check("g2", slope(0, 0.5), -sin(0.5), -sin(0.5));
  ad_check("g1 forward", tangent(1, 0.5), cos(0.5), cos(0.5));
  ad_check("g2 forward", tangent(0, 0.5), -sin(0.5), -sin(0.5));
  return ad_check_report();
}
