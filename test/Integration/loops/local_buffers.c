// Loops over buffers the differentiated function owns: a fixed-size local
// array, a variable-length array, and a malloc'd copy sorted by insertion
// sort (the input is not modified), each feeding a weighted sum.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>

#define N 8

/* Smoothed copy in a local array: t[i] = (x[i-1] + 2 x[i] + x[i+1]) / 4 at
 * the interior, then sum t[i]^2. */
double smooth_local(const double *x) {
  double t[N];
  for (int i = 0; i < N; ++i)
    t[i] = x[i];
  for (int i = 1; i < N - 1; ++i)
    t[i] = 0.25 * (x[i - 1] + 2.0 * x[i] + x[i + 1]);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += t[i] * t[i];
  return s;
}

/* Prefix products in a VLA. */
double prefix_vla(const double *x, int n) {
  double p[n];
  p[0] = x[0];
  for (int i = 1; i < n; ++i)
    p[i] = p[i - 1] * x[i];
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += sin(p[i]);
  return s;
}

/* Insertion sort of a heap copy, then sum w[i] * sorted[i]. */
double sort_copy(const double *x, const double *w, int n) {
  double *y = malloc(n * sizeof *y);
  for (int i = 0; i < n; ++i)
    y[i] = x[i];
  for (int i = 1; i < n; ++i) {
    double key = y[i];
    int j = i - 1;
    while (j >= 0 && y[j] > key) {
      y[j + 1] = y[j];
      --j;
    }
    y[j + 1] = key;
  }
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += w[i] * y[i];
  free(y);
  return s;
}

static double g_w[N];
static double vla_a(const double *x) { return prefix_vla(x, N); }
static double sort_a(const double *x) { return sort_copy(x, g_w, N); }

int main(void) {
  double x[N] = {0.5, -1.2, 2.8, 1.5, -0.3, 0.9, -2.1, 0.1};
  double x0[N], dx[N] = {0}, e[N], t[N], p[N];
  int i, k;

  for (i = 0; i < N; ++i)
    x0[i] = x[i];

  for (i = 0; i < N; ++i)
    t[i] = i > 0 && i < N - 1 ? 0.25 * (x[i - 1] + 2 * x[i] + x[i + 1]) : x[i];
  for (i = 0; i < N; ++i) {
    e[i] = 0;
    if (i == 0 || i == N - 1)
      e[i] += 2 * t[i];
    else
      e[i] += 2 * t[i] * 0.5;
    if (i - 1 >= 1)
      e[i] += 2 * t[i - 1] * 0.25;
    if (i + 1 <= N - 2)
      e[i] += 2 * t[i + 1] * 0.25;
  }
  __ad_autodiff((void *)smooth_local, ad_dup, x, dx);
  lfd_check_all("smooth_local dx", dx, e, smooth_local, x, N);

  /* d/dx[k] sum_i sin(p_i) = sum_{i >= k} cos(p_i) p_i / x[k]. */
  p[0] = x[0];
  for (i = 1; i < N; ++i)
    p[i] = p[i - 1] * x[i];
  for (k = 0; k < N; ++k) {
    dx[k] = 0;
    e[k] = 0;
    for (i = k; i < N; ++i)
      e[k] += cos(p[i]) * p[i] / x[k];
  }
  __ad_autodiff((void *)prefix_vla, ad_dup, x, dx, (int)ad_opaque(N));
  lfd_check_all("prefix_vla dx", dx, e, vla_a, x, N);

  for (i = 0; i < N; ++i)
    g_w[i] = 1.0 + 0.25 * i * i;
  for (i = 0; i < N; ++i) {
    int r = 0;
    dx[i] = 0;
    for (k = 0; k < N; ++k)
      r += x[k] < x[i];
    e[i] = g_w[r];
  }
  __ad_autodiff((void *)sort_copy, ad_dup, x, dx, ad_const, g_w, N);
  lfd_check_all("sort_copy dx", dx, e, sort_a, x, N);
  for (i = 0; i < N; ++i)
    ad_check_eq("sort_copy leaves x unchanged", x[i], x0[i]);
  return ad_check_report();
}
