// Loops that run zero times: a trip count n = 0 (and n < 0) passed as an
// argument, an inner loop of a nest with no iteration, a while loop whose
// condition is false on entry. Shadows must be left as they were (dup
// shadows are accumulated into: nothing is added; an unwritten output keeps
// its seed) and scalar derivatives are those of the identity.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 4

double dot_sin(const double *x, const double *y, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += sin(x[i]) * y[i];
  return s;
}

double sin_n(double x, int n) {
  for (int i = 0; i < n; ++i)
    x = sin(x);
  return x;
}

void squares(const double *x, double *y, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = x[i] * x[i];
}

void prefix_sum(double *x, int n) {
  for (int i = 1; i < n; ++i)
    x[i] += x[i - 1];
}

double nest(const double *x, int m, int n) {
  double s = 1.0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j)
      s *= x[j] + 2.0;
  return s;
}

double grow(double x) {
  while (x < 10.0)
    x = x * x + 1.0;
  return 3.0 * x;
}

static double nest21(double x0) {
  double x[N] = {x0, -1.2, 0.8, 1.5};
  return nest(x, 2, 1);
}

static int all_eq(const double *a, double v, int n) {
  int i;
  for (i = 0; i < n; ++i)
    if (a[i] != v)
      return 0;
  return 1;
}

int main(void) {
  double x[N] = {0.5, -1.2, 0.8, 1.5}, y[N] = {1, 2, 3, 4};
  double dx[N], dy[N];
  int zero = (int)ad_opaque(0), i;
  double r;

  for (i = 0; i < N; ++i)
    dx[i] = 0.25;
  r = __ad_autodiff((void *)dot_sin, ad_dup, x, dx, ad_const, y, 0);
  ad_check_eq("dot n=0 returns 0", r, 0.0);
  ad_check_eq("dot n=0 dx untouched", all_eq(dx, 0.25, N), 1.0);
  __ad_autodiff((void *)dot_sin, ad_dup, x, dx, ad_const, y, zero);
  ad_check_eq("dot n=0 (run time) dx untouched", all_eq(dx, 0.25, N), 1.0);
  __ad_autodiff((void *)dot_sin, ad_dup, x, dx, ad_const, y, zero - 3);
  ad_check_eq("dot n=-3 dx untouched", all_eq(dx, 0.25, N), 1.0);

  ad_check_eq("sin_n n=0", __ad_autodiff((void *)sin_n, 0.7, 0), 1.0);
  ad_check_eq("sin_n n=0 (run time)",
              __ad_autodiff((void *)sin_n, ad_opaque(0.7), zero), 1.0);

  for (i = 0; i < N; ++i) {
    dx[i] = 0;
    dy[i] = 1.5;
  }
  __ad_autodiff((void *)squares, ad_dup, x, dx, ad_dup, y, dy, zero);
  ad_check_eq("squares n=0 dx untouched", all_eq(dx, 0.0, N), 1.0);
  ad_check_eq("squares n=0 dy keeps the seed", all_eq(dy, 1.5, N), 1.0);
  ad_check_eq("squares n=0 y untouched", y[3], 4.0);

  for (i = 0; i < N; ++i)
    dx[i] = 0.5;
  __ad_autodiff((void *)prefix_sum, ad_dup, x, dx, 1);
  ad_check_eq("prefix_sum n=1 dx keeps the seed", all_eq(dx, 0.5, N), 1.0);
  __ad_autodiff((void *)prefix_sum, ad_dup, x, dx, zero);
  ad_check_eq("prefix_sum n=0 dx keeps the seed", all_eq(dx, 0.5, N), 1.0);
  ad_check_eq("prefix_sum n=0 x untouched", x[1], -1.2);

  for (i = 0; i < N; ++i)
    dx[i] = 0;
  __ad_autodiff((void *)nest, ad_dup, x, dx, zero, N);
  ad_check_eq("nest m=0 dx", all_eq(dx, 0.0, N), 1.0);
  __ad_autodiff((void *)nest, ad_dup, x, dx, N, zero);
  ad_check_eq("nest n=0 dx", all_eq(dx, 0.0, N), 1.0);
  /* And nonzero again after the empty runs. */
  __ad_autodiff((void *)nest, ad_dup, x, dx, 2, (int)ad_opaque(1));
  ad_check("nest m=2 n=1 dx[0]", dx[0], 2 * (x[0] + 2), ad_fd(nest21, x[0]));
  ad_check_eq("nest m=2 n=1 dx[1]", dx[1], 0.0);

  ad_check("while, false on entry", __ad_autodiff((void *)grow, 12.0), 3.0,
           ad_fd(grow, 12.0));
  ad_check("while, runs twice", __ad_autodiff((void *)grow, ad_opaque(2.0)),
           3.0 * 2 * 5.0 * 2 * 2.0, ad_fd(grow, 2.0));
  return ad_check_report();
}
