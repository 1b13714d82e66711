/* The extended Rosenbrock function of the higher-derivative benchmarks, its
 * Hessian-vector product by hand, the test point and the error measure
 * (hessian.c and hvp_peer.c). */
#ifndef ADPASS_BENCH_HIGHER_ROSENBROCK_H
#define ADPASS_BENCH_HIGHER_ROSENBROCK_H

#include <math.h>

static double rosen(const double *x, int n) {
  double s = 0;
  for (int i = 0; i + 1 < n; ++i) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}

static void hand_hvp(const double *x, const double *v, double *hv, int n) {
  for (int i = 0; i < n; ++i)
    hv[i] = 0;
  for (int i = 0; i + 1 < n; ++i) {
    double hii = 1200 * x[i] * x[i] - 400 * x[i + 1] + 2, hij = -400 * x[i];
    hv[i] += hii * v[i] + hij * v[i + 1];
    hv[i + 1] += hij * v[i] + 200 * v[i + 1];
  }
}

/* The point x and the direction v every program uses. */
static void rosen_point(double *x, double *v, int n) {
  for (int i = 0; i < n; ++i) {
    x[i] = 0.8 + 0.37 * sin(1.7 * i);
    v[i] = cos(0.9 * i);
  }
}

static double maxdiff(const double *a, const double *b, int n) {
  double m = 0;
  for (int i = 0; i < n; ++i)
    m = fmax(m, fabs(a[i] - b[i]) / (1 + fabs(b[i])));
  return m;
}

#endif
