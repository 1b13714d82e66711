// A gradient of a directional derivative (reverse over forward, H v) of a
// function with an OpenMP parallel loop and reduction: the inner forward
// derivative keeps the region, the outer reverse sweep differentiates it
// like any region. Against the analytic H v and finite differences of the
// inner derivative. (The other order, forward over an inner gradient,
// is refused: Errors/nested-refused.c.)
// RUN: %clang -O0 -fopenmp %s -o %t0 -lm
// RUN: %omprun 1 %t0 && %omprun 2 %t0 && %omprun 4 %t0
// RUN: %clang -O1 -fopenmp %s -o %t1 -lm
// RUN: %omprun 2 %t1 && %omprun 3 %t1
// RUN: %clang -O2 -fopenmp %s -o %t2 -lm
// RUN: %omprun 1 %t2 && %omprun 2 %t2 && %omprun 4 %t2
// RUN: %clang -O3 -fopenmp %s -o %t3 -lm
// RUN: %omprun 2 %t3 && %omprun 4 %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define N 64

/* sum_i x_i^3 + sin(x_i) x_{i+1} */
static double f(const double *x, int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += x[i] * x[i] * x[i] + (i + 1 < n ? sin(x[i]) * x[i + 1] : 0);
  return s;
}

static double along(const double *x, const double *v, int n) {
  return __ad_fwddiff((void *)f, ad_dup, x, v, ad_const, n);
}

int main(void) {
  double x[N], v[N], hv[N] = {0};
  for (int i = 0; i < N; i++) {
    x[i] = 0.1 * (i % 7) - 0.3;
    v[i] = 1 + 0.01 * i;
  }
  __ad_autodiff((void *)along, ad_dup, x, hv, ad_const, v, ad_const, N);
  for (int i = 0; i < N; i += 9) {
    /* (H v)_i = 6 x_i v_i - sin(x_i) x_{i+1} v_i + cos(x_i) v_{i+1}
     *           + cos(x_{i-1}) v_{i-1} */
    double want = 6 * x[i] * v[i];
    if (i + 1 < N)
      want += -sin(x[i]) * x[i + 1] * v[i] + cos(x[i]) * v[i + 1];
    if (i > 0)
      want += cos(x[i - 1]) * v[i - 1];
    double q[N];
    memcpy(q, x, sizeof q);
    q[i] = x[i] + 1e-6;
    double up = along(q, v, N);
    q[i] = x[i] - 1e-6;
    double fd = (up - along(q, v, N)) / 2e-6;
    char name[32];
    snprintf(name, sizeof name, "(H v)_%d", i);
    ad_check(name, hv[i], want, fd);
  }
  return ad_check_report();
}
