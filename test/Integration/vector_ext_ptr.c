// GCC vector extensions loaded from and stored to dup buffers (whole-vector
// loads and stores at offset 0).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

typedef double v2d __attribute__((vector_size(16)));

double vload(const double *x) {
  v2d v = *(const v2d *)x;
  v2d w = v * v * v;
  return w[0] - w[1];
}

void vstore(const double *x, double *y) {
  v2d v = *(const v2d *)x;
  v2d s = {v[1], v[0]};
  *(v2d *)y = v * s + v;
}

static double vload_a(const double *x) { return vload(x); }
static double g_w0, g_w1;
static double vstore_w(const double *x) {
  double y[2] __attribute__((aligned(16)));
  double xx[2] __attribute__((aligned(16)));
  xx[0] = x[0];
  xx[1] = x[1];
  vstore(xx, y);
  return g_w0 * y[0] + g_w1 * y[1];
}

int main(void) {
  double x[2] __attribute__((aligned(16))) = {1.2, -0.7};
  double dx[2] __attribute__((aligned(16))) = {0, 0};
  double y[2] __attribute__((aligned(16))) = {0, 0};
  double dy[2] __attribute__((aligned(16))) = {0.5, 2.0};
  double xu[2] = {1.2, -0.7};

  __ad_autodiff((void *)vload, ad_dup, x, dx);
  ad_check("vload dx0", dx[0], 3 * x[0] * x[0], ad_fdn(vload_a, xu, 2, 0));
  ad_check("vload dx1", dx[1], -3 * x[1] * x[1], ad_fdn(vload_a, xu, 2, 1));

  /* y0 = x0 x1 + x0, y1 = x1 x0 + x1. */
  g_w0 = 0.5;
  g_w1 = 2.0;
  dx[0] = dx[1] = 0;
  __ad_autodiff((void *)vstore, ad_dup, x, dx, ad_dup, y, dy);
  ad_check("vstore dx0", dx[0], 0.5 * (x[1] + 1) + 2.0 * x[1],
           ad_fdn(vstore_w, xu, 2, 0));
  ad_check("vstore dx1", dx[1], 0.5 * x[0] + 2.0 * (x[0] + 1),
           ad_fdn(vstore_w, xu, 2, 1));
  ad_check_eq("vstore y0", y[0], x[0] * x[1] + x[0]);
  ad_check_eq("vstore y1", y[1], x[1] * x[0] + x[1]);
  return ad_check_report();
}
