// Loops inside helper functions called from the differentiated function:
// a static helper with a loop called from a loop (a nest after inlining),
// and a noinline helper with a loop writing through a pointer.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 6

static double poly(const double *c, int m, double t) {
  double p = 0;
  for (int k = m - 1; k >= 0; --k)
    p = p * t + c[k];
  return p;
}

/* sum_i poly(c, 4, x[i])^2 with c = x[0..3]: c and t both active. */
double poly_sum(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    double p = poly(x, 4, x[i]);
    s += p * p;
  }
  return s;
}

__attribute__((noinline)) static void scale_into(double *y, const double *x,
                                                 int n, double a) {
  for (int i = 0; i < n; ++i)
    y[i] = a * sin(x[i]);
}

double via_noinline(double *x, double *tmp, int n) {
  scale_into(tmp, x, n, x[0]);
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += tmp[i] * x[i];
  return s;
}

static double poly_a(const double *x) { return poly_sum(x, N); }
static double via_a(const double *x) {
  double xx[N], tmp[N];
  int i;
  for (i = 0; i < N; ++i)
    xx[i] = x[i];
  return via_noinline(xx, tmp, N);
}

int main(void) {
  double x[N] = {0.5, -0.4, 0.3, 0.2, 1.1, -0.8};
  double dx[N] = {0}, e[N] = {0}, tmp[N], dtmp[N] = {0};
  int i, k;

  /* d/dx[j] of sum_i p_i^2, p_i = sum_k x[k] x[i]^k. */
  for (i = 0; i < N; ++i) {
    double t = x[i], p = 0, dp = 0;
    for (k = 3; k >= 0; --k) {
      dp = dp * t + p;
      p = p * t + x[k];
    }
    e[i] += 2 * p * dp;
    for (k = 0; k < 4; ++k)
      e[k] += 2 * p * pow(t, k);
  }
  __ad_autodiff((void *)poly_sum, ad_dup, x, dx, N);
  lfd_check_all("poly_sum dx", dx, e, poly_a, x, N);

  /* s = x0 sum_i sin(x_i) x_i */
  {
    double q = 0;
    for (i = 0; i < N; ++i)
      q += sin(x[i]) * x[i];
    for (i = 0; i < N; ++i) {
      dx[i] = 0;
      e[i] = x[0] * (cos(x[i]) * x[i] + sin(x[i]));
    }
    e[0] += q;
  }
  __ad_autodiff((void *)via_noinline, ad_dup, x, dx, ad_dup, tmp, dtmp,
                (int)ad_opaque(N));
  lfd_check_all("via_noinline dx", dx, e, via_a, x, N);
  return ad_check_report();
}
