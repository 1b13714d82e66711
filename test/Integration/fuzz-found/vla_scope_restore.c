// Found by random programs: a function-scope variable-length array in a
// nested scope, whose stackrestore clang keeps at -O2/-O3; the reverse sweep
// read it after its release. t = sum_i sin(a x_i) a x_{i+1 mod n},
// f = floor(x_{n-1}) t + t; the second array z only feeds a constant (its
// derivative is exactly 0).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double g(const double *x, double a, int n) {
  double t = 0;
  if (n > 2) {
    double v[n];
    for (int i = 0; i < n; i++)
      v[i] = x[i] * a;
    for (int i = 0; i < n; i++)
      t += sin(v[i]) * v[(i + 1) % n];
  }
  double w[n];
  for (int i = 0; i < n; i++)
    w[i] = floor(x[i]) * t;
  return w[n - 1] + t;
}

double zero(const double *x, double a, int n) {
  double r = 1;
  {
    double z[n];
    for (int i = 0; i < n; i++)
      z[i] = sin(x[i] * a);
    r += floor(z[0] * 0) * 2;
  }
  return r;
}

static double A = 1.2;
static double ga(double a) {
  double x[5] = {0.5, 0.7, 0.9, 1.1, 1.3};
  return g(x, a, 5);
}

int main(void) {
  double x[5] = {0.5, 0.7, 0.9, 1.1, 1.3}, dx[5] = {0};
  double dt = 0;
  for (int i = 0; i < 5; i++) {
    double u = A * x[i], w = A * x[(i + 1) % 5];
    dt += cos(u) * x[i] * w + sin(u) * x[(i + 1) % 5];
  }
  double want = (floor(x[4]) + 1) * dt;
  ad_check("reverse da",
           __ad_autodiff((void *)g, ad_dup, x, dx, A, ad_const, 5), want,
           ad_fd(ga, A));
  ad_check("forward da",
           __ad_fwddiff((void *)g, ad_const, x, ad_dup, A, 1.0, ad_const, 5),
           want, ad_fd(ga, A));
  ad_check_eq("reverse zero",
              __ad_autodiff((void *)zero, ad_dup, x, dx, A, ad_const, 5), 0);
  ad_check_eq(
      "forward zero",
      __ad_fwddiff((void *)zero, ad_const, x, ad_dup, A, 1.0, ad_const, 5), 0);
  return ad_check_report();
}
