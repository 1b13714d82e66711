// Forward mode through qsort of doubles inside the function: an ad_dup array
// sorted in place (its tangent array must come back permuted the same way)
// then a weighted sum, and a local array of sin(x_i) sorted then weighted.
// The tangents follow the permutation; checked against analytic values,
// finite differences along the direction and reverse-mode gradients.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define N 6

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Sorts x in place, then sum (i + 1) x_i^2. */
double sorted_in_place(double *x, int n) {
  qsort(x, n, sizeof(double), by_value);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (i + 1) * x[i] * x[i];
  return s;
}

/* Sorts sin(x_i) in a local buffer, then sum (i + 1) y_i. */
double sorted_copy(const double *x, int n) {
  double y[N];
  for (int i = 0; i < n; i++)
    y[i] = sin(x[i]);
  qsort(y, n, sizeof(double), by_value);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (i + 1) * y[i];
  return s;
}

static const double X0[N] = {0.3, -1.1, 0.8, 2.2, -0.4, 1.5};
static const double V[N] = {1.0, -0.5, 0.25, 2.0, -1.5, 0.75};

/* The sorted position of x_i (the values are distinct). */
static int rank_of(const double *x, int i) {
  int r = 0;
  for (int j = 0; j < N; j++)
    r += x[j] < x[i];
  return r;
}

static double (*F)(double *, int);
static double along(double t) {
  double z[N];
  for (int i = 0; i < N; ++i)
    z[i] = X0[i] + t * V[i];
  return F(z, N);
}
static double dir_fd(double (*f)(double *, int)) {
  F = f;
  return ad_fd(along, 0.0);
}
static double sorted_copy_w(double *x, int n) { return sorted_copy(x, n); }

int main(void) {
  double x[N], v[N], g[N], sx[N], e, d, r;
  char buf[64];
  int i;

  memcpy(x, X0, sizeof x);
  memcpy(v, V, sizeof v);
  e = 0;
  for (i = 0; i < N; ++i)
    e += 2.0 * (rank_of(X0, i) + 1) * X0[i] * V[i];
  d = __ad_fwddiff((void *)sorted_in_place, ad_dup, x, v, (int)ad_opaque(N));
  ad_check("sorted_in_place", d, e, dir_fd(sorted_in_place));
  for (i = 0; i < N; ++i) {
    int k = rank_of(X0, i);
    snprintf(buf, sizeof buf, "sorted_in_place x[%d]", k);
    ad_check_eq(buf, x[k], X0[i]);
    snprintf(buf, sizeof buf, "sorted_in_place: tangent follows to [%d]", k);
    ad_check_eq(buf, v[k], V[i]);
  }
  memcpy(x, X0, sizeof x);
  memset(g, 0, sizeof g);
  __ad_autodiff((void *)sorted_in_place, ad_dup, x, g, N);
  r = 0;
  for (i = 0; i < N; ++i)
    r += g[i] * V[i];
  ad_check_eq("sorted_in_place: forward = reverse . v", d, r);

  memcpy(x, X0, sizeof x);
  memcpy(v, V, sizeof v);
  for (i = 0; i < N; ++i)
    sx[i] = sin(X0[i]);
  e = 0;
  for (i = 0; i < N; ++i)
    e += (rank_of(sx, i) + 1) * cos(X0[i]) * V[i];
  d = __ad_fwddiff((void *)sorted_copy, ad_dup, x, v, N);
  ad_check("sorted_copy", d, e, dir_fd(sorted_copy_w));
  ad_check_eq("sorted_copy: input and tangent unchanged",
              memcmp(x, X0, sizeof x) == 0 && memcmp(v, V, sizeof v) == 0, 1);
  memset(g, 0, sizeof g);
  __ad_autodiff((void *)sorted_copy, ad_dup, x, g, N);
  r = 0;
  for (i = 0; i < N; ++i)
    r += g[i] * V[i];
  ad_check_eq("sorted_copy: forward = reverse . v", d, r);
  return ad_check_report();
}
