// An in/out buffer overwritten in place: the shadow holds the seed (adjoint
// of the outputs) on entry and the adjoint of the inputs on exit.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

void inplace(double *x) {
  x[0] = x[0] * x[0];
  x[0] = sin(x[0]);
}

void inplace2(double *x) {
  x[1] = x[0] * x[1];
  x[0] = x[0] + x[1];
}

static double inplace_v(double a) {
  double x[1];
  x[0] = a;
  inplace(x);
  return x[0];
}

static double g_s0, g_s1;
static double inplace2_w(const double *a) {
  double x[2];
  x[0] = a[0];
  x[1] = a[1];
  inplace2(x);
  return g_s0 * x[0] + g_s1 * x[1];
}

int main(void) {
  double a = 0.8, b = -1.3;
  double x[2], dx[2], orig[2];

  x[0] = a;
  dx[0] = 1.0;
  __ad_autodiff((void *)inplace, ad_dup, x, dx);
  ad_check("sin(x*x) seed 1", dx[0], cos(a * a) * 2 * a, ad_fd(inplace_v, a));
  ad_check_eq("sin(x*x) primal", x[0], sin(a * a));

  x[0] = ad_opaque(b);
  dx[0] = 2.5;
  __ad_autodiff((void *)inplace, ad_dup, x, dx);
  ad_check("sin(x*x) seed 2.5", dx[0], 2.5 * cos(b * b) * 2 * b,
           2.5 * ad_fd(inplace_v, b));

  /* x0' = a + a b, x1' = a b; seeds s0, s1. */
  g_s0 = 1.5;
  g_s1 = -0.5;
  orig[0] = x[0] = a;
  orig[1] = x[1] = b;
  dx[0] = g_s0;
  dx[1] = g_s1;
  __ad_autodiff((void *)inplace2, ad_dup, x, dx);
  ad_check("inplace2 dx0", dx[0], g_s0 * (1 + b) + g_s1 * b,
           ad_fdn(inplace2_w, orig, 2, 0));
  ad_check("inplace2 dx1", dx[1], g_s0 * a + g_s1 * a,
           ad_fdn(inplace2_w, orig, 2, 1));
  ad_check_eq("inplace2 x0", x[0], a + a * b);
  ad_check_eq("inplace2 x1", x[1], a * b);
  return ad_check_report();
}
