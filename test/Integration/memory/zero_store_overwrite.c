// memset(p, 0, 8) of one double becomes `store i64 0, p` (InstCombine): an
// integer zero over floats. It says nothing about the memory's type (a
// block of doubles copied with memcpy and then partly zeroed, as
// std::valarray::shift does, is not "mixed"), and it overwrites: the
// adjoint of what was there is reset (reverse mode), the tangent becomes 0
// (forward mode). Here the zeroed slot held an active value read before.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* sum_i t_i v_i with t = (v_1, ..., v_{n-1}, 0), v_i = x_i^2 */
static double shifted(const double *x, int n) {
  double *v = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    v[i] = x[i] * x[i];
  double *t = malloc(n * sizeof(double));
  memcpy(t, v + 1, (n - 1) * sizeof(double));
  memset(t + n - 1, 0, sizeof(double));
  double s = 0;
  for (int i = 0; i < n; i++)
    s += t[i] * v[i];
  free(t);
  free(v);
  return s;
}

/* The slot holds sin(x0) * x1, is read, then zeroed, then accumulated:
 * r = a + 3 (0 + x0) where a = sin(x0) x1. */
static double overwrite(double *x) {
  double t[2];
  t[0] = sin(x[0]) * x[1];
  double a = t[0];
  memset(t, 0, sizeof(double));
  t[0] += x[0];
  return a + 3 * t[0];
}

static double shifted4(const double *x) { return shifted(x, 4); }
static double overwrite_fd(const double *x) {
  double c[2] = {x[0], x[1]};
  return overwrite(c);
}

int main(void) {
  double x[4] = {1.0, -2.0, 3.0, 0.5}, dx[4] = {0, 0, 0, 0};
  __ad_autodiff((void *)shifted, ad_dup, x, dx, ad_const, 4);
  /* s = sum_{i<3} x_{i+1}^2 x_i^2: d/dx_j = 2 x_j (x_{j+1}^2 + x_{j-1}^2) */
  for (int j = 0; j < 4; j++) {
    double w = (j + 1 < 4 ? x[j + 1] * x[j + 1] : 0) +
               (j > 0 ? x[j - 1] * x[j - 1] : 0);
    ad_check("shifted: reverse", dx[j], 2 * x[j] * w,
             ad_fdn(shifted4, x, 4, j));
    double t[4] = {0, 0, 0, 0};
    t[j] = 1;
    ad_check_eq("shifted: forward",
                __ad_fwddiff((void *)shifted, ad_dup, x, t, ad_const, 4),
                2 * x[j] * w);
  }
  double y[2] = {0.7, 1.3}, dy[2] = {0, 0};
  __ad_autodiff((void *)overwrite, ad_dup, y, dy);
  ad_check("overwrite: d/dx0", dy[0], cos(y[0]) * y[1] + 3,
           ad_fdn(overwrite_fd, y, 2, 0));
  ad_check("overwrite: d/dx1", dy[1], sin(y[0]), ad_fdn(overwrite_fd, y, 2, 1));
  double ty[2] = {1, 0};
  ad_check_eq("overwrite: forward",
              __ad_fwddiff((void *)overwrite, ad_dup, y, ty),
              cos(y[0]) * y[1] + 3);
  return ad_check_report();
}
