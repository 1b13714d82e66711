// Found by tools/adfuzz (seeds 273, 587): variable-length arrays in nested
// scopes inside a loop. Each moves to the heap in reverse mode and must be
// freed once, where its own scope releases it (it was also freed at the
// inner scope's release: a double free); a noinline helper with a VLA is
// called in the loop.
//   f = sum_i [ sin(a x_i) + (i even) (a x_i)^2 ] + sum_i 0.1 h(x),
//   h(x) = sum_j x_j^2 (through a VLA)
//   df/da = sum_i [ x_i cos(a x_i) + (i even) 2 a x_i^2 ]
//   df/dx_k = a cos(a x_k) + (k even) 2 a^2 x_k + 0.1 n 2 x_k
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

__attribute__((noinline)) double h(const double *x, int n) {
  double u[n], s = 0;
  for (int j = 0; j < n; j++)
    u[j] = x[j] * x[j];
  for (int j = 0; j < n; j++)
    s += u[j];
  return s;
}

double f(const double *x, double a, int n) {
  double acc = 0;
  for (int i = n - 1; i >= 0; i--) {
    double v[n];
    for (int j = 0; j < n; j++)
      v[j] = a * x[j];
    if (i % 2 == 0) {
      double w[n];
      for (int j = 0; j < n; j++)
        w[j] = v[j] * v[j];
      acc += w[i];
    }
    acc += sin(v[i]) + 0.1 * h(x, n);
  }
  return acc;
}

static double A = 0.8;
static double fx(const double *x) { return f(x, A, 5); }
static double fa(double a) {
  double x[5] = {0.5, 0.7, 0.9, 1.1, 1.3};
  return f(x, a, 5);
}

int main(void) {
  double x[5] = {0.5, 0.7, 0.9, 1.1, 1.3}, dx[5] = {0}, want_a = 0;
  char name[32];
  for (int i = 0; i < 5; i++)
    want_a += x[i] * cos(A * x[i]) + (i % 2 == 0 ? 2 * A * x[i] * x[i] : 0);
  ad_check("reverse da",
           __ad_autodiff((void *)f, ad_dup, x, dx, A, ad_const, 5), want_a,
           ad_fd(fa, A));
  ad_check("forward da",
           __ad_fwddiff((void *)f, ad_const, x, ad_dup, A, 1.0, ad_const, 5),
           want_a, ad_fd(fa, A));
  for (int k = 0; k < 5; k++) {
    double want = A * cos(A * x[k]) + (k % 2 == 0 ? 2 * A * A * x[k] : 0) +
                  0.1 * 5 * 2 * x[k];
    snprintf(name, sizeof name, "reverse dx[%d]", k);
    ad_check(name, dx[k], want, ad_fdn(fx, x, 5, k));
  }
  return ad_check_report();
}
