// Found by tools/adfuzz (seeds 57, 168, 263 and others): active data in a
// mutable global that reaches a function which is not inlined (recursive or
// noinline) — the global passed as an argument, read by the callee directly
// (at -O1+ the optimizer turns the first into the second), or overwritten
// by the caller after the call. The callee's derivative must share the
// global's shadow with the caller's, its result is active, and the caller's
// overwrite means its primal must not run again in the reverse sweep.
//   f1 = 0.5 h1(g1, 8), g1[0] = 0.5 x0, h1 = 0.55 sum g1: df1/dx0 = 0.1375
//   f2 = h2(.., 2) = 2 g2[4] = 2 x3: df2/dx3 = 2
//   f3 = h3(..) + x3 with g3[2] = a^2, then g3[2] = 2 x3, where
//        h3 = 0.5 (0.4 h3(u) + |g3[2]|) (2 levels): df3/da = 2a (0.5 + 0.1)
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double g1[8];
static __attribute__((noinline)) double h1(const double *v, int m) {
  if (m <= 0)
    return 0.0;
  return v[m - 1] * 0.55 + h1(v, m - 1);
}
double f1(const double *x) {
  g1[0] = 0.5 * x[0];
  return 0.5 * h1(g1, 8);
}

static double g2[8];
static double h2(double u, int d) {
  if (d <= 0)
    return 2.0 * g2[4];
  return h2(1.5, d - 1);
}
double f2(const double *x) {
  g2[4] = x[3];
  return h2(0.196, 2);
}

static double g3[8];
static double h3(double u, int d) {
  if (d <= 0)
    return u;
  return 0.5 * (0.4 * h3(u, d - 1) + fabs(g3[2]));
}
double f3(const double *x, double a) {
  for (int k = 0; k < 8; k++)
    g3[k] = a * a;
  double r = h3(0.0, 2);
  g3[2] = 2.0 * x[3];
  return r + x[3];
}

static double A = 0.7;
static double f3a(double a) {
  double x[4] = {0.5, 0.7, 0.9, 1.1};
  return f3(x, a);
}

int main(void) {
  double x[4] = {0.5, 0.7, 0.9, 1.1};
  double d1[4] = {0}, d2[4] = {0}, d3[4] = {0};
  double t0[4] = {1, 0, 0, 0}, t3[4] = {0, 0, 0, 1};
  __ad_autodiff((void *)f1, ad_dup, x, d1);
  ad_check("f1 reverse dx0", d1[0], 0.1375, ad_fdn(f1, x, 4, 0));
  ad_check("f1 forward dx0", __ad_fwddiff((void *)f1, ad_dup, x, t0), 0.1375,
           ad_fdn(f1, x, 4, 0));
  __ad_autodiff((void *)f2, ad_dup, x, d2);
  ad_check("f2 reverse dx3", d2[3], 2, ad_fdn(f2, x, 4, 3));
  ad_check("f2 forward dx3", __ad_fwddiff((void *)f2, ad_dup, x, t3), 2,
           ad_fdn(f2, x, 4, 3));
  double want = 2 * A * (0.5 + 0.2 * 0.5);
  ad_check("f3 reverse da", __ad_autodiff((void *)f3, ad_dup, x, d3, A), want,
           ad_fd(f3a, A));
  ad_check("f3 reverse dx3", d3[3], 1, 1);
  ad_check("f3 forward da",
           __ad_fwddiff((void *)f3, ad_const, x, ad_dup, A, 1.0), want,
           ad_fd(f3a, A));
  return ad_check_report();
}
