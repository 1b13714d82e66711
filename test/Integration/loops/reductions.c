// Reductions over an ad_dup array: sum, product, maximum via fmax, minimum
// via a comparison, the 2-norm and log-sum-exp (two passes over the data).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 10

double rsum(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i];
  return s;
}

double rprod(const double *x, int n) {
  double p = 1;
  for (int i = 0; i < n; ++i)
    p *= x[i];
  return p;
}

double rmax(const double *x, int n) {
  double m = -INFINITY;
  for (int i = 0; i < n; ++i)
    m = fmax(m, x[i]);
  return m;
}

double rmin(const double *x, int n) {
  double m = x[0];
  for (int i = 1; i < n; ++i)
    if (x[i] < m)
      m = x[i];
  return m;
}

double rnorm(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i];
  return sqrt(s);
}

double logsumexp(const double *x, int n) {
  double m = x[0], s = 0;
  for (int i = 1; i < n; ++i)
    m = fmax(m, x[i]);
  for (int i = 0; i < n; ++i)
    s += exp(x[i] - m);
  return m + log(s);
}

static double sum_a(const double *x) { return rsum(x, N); }
static double prod_a(const double *x) { return rprod(x, N); }
static double max_a(const double *x) { return rmax(x, N); }
static double min_a(const double *x) { return rmin(x, N); }
static double norm_a(const double *x) { return rnorm(x, N); }
static double lse_a(const double *x) { return logsumexp(x, N); }

/* The function differentiated must be a constant: a macro, not a helper
 * taking a function pointer. */
#define RUN(name, f, fa, x, e, n)                                              \
  do {                                                                         \
    double dx_[N] = {0};                                                       \
    __ad_autodiff((void *)f, ad_dup, x, dx_, n);                               \
    lfd_check_all(name, dx_, e, fa, x, N);                                     \
  } while (0)

int main(void) {
  double x[N] = {0.5, -1.2, 0.8, 1.5, -0.3, 0.9, 1.1, -0.7, 1.4, 0.6};
  double e[N], p = 1, s2 = 0, lse = 0;
  int i, imax = 3, imin = 1;

  for (i = 0; i < N; ++i) {
    p *= x[i];
    s2 += x[i] * x[i];
    lse += exp(x[i]);
  }

  for (i = 0; i < N; ++i)
    e[i] = 1.0;
  RUN("sum dx", rsum, sum_a, x, e, N);
  for (i = 0; i < N; ++i)
    e[i] = p / x[i];
  RUN("prod dx", rprod, prod_a, x, e, N);
  for (i = 0; i < N; ++i)
    e[i] = i == imax;
  RUN("max dx", rmax, max_a, x, e, N);
  for (i = 0; i < N; ++i)
    e[i] = i == imin;
  RUN("min dx", rmin, min_a, x, e, (int)ad_opaque(N));
  for (i = 0; i < N; ++i)
    e[i] = x[i] / sqrt(s2);
  RUN("norm dx", rnorm, norm_a, x, e, N);
  for (i = 0; i < N; ++i)
    e[i] = exp(x[i]) / lse;
  RUN("logsumexp dx", logsumexp, lse_a, x, e, N);
  return ad_check_report();
}
