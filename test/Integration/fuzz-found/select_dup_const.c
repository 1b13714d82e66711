// Found by random programs: a choice between an ad_dup and an ad_const
// pointer (`cond ? x[i] : c[j]`, a select of addresses after InstCombine)
// was refused as a "mixed pointer". The constant side's shadow reads as
// derivative 0: a zeroed scratch for memory of unknown size accessed only
// through the choice, a zeroed twin for a constant global.
//   f = sum_i v_i sin v_i, v_i = x_i if x_i > 0.6 else c_{i+1 mod n}:
//     df/dx_i = [x_i > 0.6] (sin x_i + x_i cos x_i)
//   g = p^2 + x_0, p = x_k if k > 1 else G_k: dg/dx_k = 2 x_k [k > 1] (+1)
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f(const double *x, const double *c, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    double v = (x[i] > 0.6) ? x[i] : c[(i + 1) % n];
    s += sin(v) * v;
  }
  return s;
}

static const double G[4] = {0.25, 0.5, 0.75, 1.0};
double g(const double *x, int k) {
  const double *p = k > 1 ? x + k : G + k;
  return (*p) * (*p) + x[0];
}

static const double C[4] = {1, 2, 3, 4};
static double f4(const double *x) { return f(x, C, 4); }
static double g1(const double *x) { return g(x, 1); }
static double g2(const double *x) { return g(x, 2); }

int main(void) {
  double x[4] = {0.5, 0.7, 0.9, 0.3}, dx[4] = {0};
  char name[32];
  __ad_autodiff((void *)f, ad_dup, x, dx, ad_const, C, ad_const, 4);
  for (int i = 0; i < 4; i++) {
    double want = x[i] > 0.6 ? sin(x[i]) + x[i] * cos(x[i]) : 0, t[4] = {0};
    t[i] = 1;
    snprintf(name, sizeof name, "f reverse dx[%d]", i);
    ad_check(name, dx[i], want, ad_fdn(f4, x, 4, i));
    snprintf(name, sizeof name, "f forward e%d", i);
    ad_check(name,
             __ad_fwddiff((void *)f, ad_dup, x, t, ad_const, C, ad_const, 4),
             want, ad_fdn(f4, x, 4, i));
  }
  for (int k = 1; k <= 2; k++) {
    double dg[4] = {0};
    __ad_autodiff((void *)g, ad_dup, x, dg, ad_const, k);
    for (int i = 0; i < 4; i++) {
      double want = (i == 0) + (k > 1 && i == k ? 2 * x[k] : 0), t[4] = {0};
      t[i] = 1;
      snprintf(name, sizeof name, "g%d reverse dx[%d]", k, i);
      ad_check(name, dg[i], want, ad_fdn(k == 1 ? g1 : g2, x, 4, i));
      snprintf(name, sizeof name, "g%d forward e%d", k, i);
      ad_check(name, __ad_fwddiff((void *)g, ad_dup, x, t, ad_const, k), want,
               ad_fdn(k == 1 ? g1 : g2, x, 4, i));
    }
  }
  return ad_check_report();
}
