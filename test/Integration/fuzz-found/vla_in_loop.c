// Found by random programs: a variable-length array inside a loop body is
// released (stackrestore) at the end of each iteration; the reverse sweep
// read every iteration's array and its shadow from released stack memory.
// f = sum_k sum_i sin(a x_i + 0.1 k)^2, the squares kept in v[n]:
// df/da = sum 2 sin cos x_i, df/dx_i = sum_k 2 sin cos a.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f(const double *x, double a, int n, int steps) {
  double tot = 0;
  for (int k = 0; k < steps; k++) {
    double v[n];
    for (int i = 0; i < n; i++) {
      double s = sin(a * x[i] + 0.1 * k);
      v[i] = s * s;
    }
    for (int i = 0; i < n; i++)
      tot += v[i];
  }
  return tot;
}

static double A = 1.2;
static double fx(const double *x) { return f(x, A, 5, 40); }
static double fa(double a) {
  double x[5] = {0.5, 0.7, 0.9, 1.1, 1.3};
  return f(x, a, 5, 40);
}

int main(void) {
  double x[5] = {0.5, 0.7, 0.9, 1.1, 1.3}, dx[5] = {0};
  double want_a = 0, want_x[5] = {0};
  char name[32];
  for (int k = 0; k < 40; k++)
    for (int i = 0; i < 5; i++) {
      double u = A * x[i] + 0.1 * k;
      want_a += 2 * sin(u) * cos(u) * x[i];
      want_x[i] += 2 * sin(u) * cos(u) * A;
    }
  double da =
      __ad_autodiff((void *)f, ad_dup, x, dx, A, ad_const, 5, ad_const, 40);
  ad_check("reverse da", da, want_a, ad_fd(fa, A));
  ad_check("forward da",
           __ad_fwddiff((void *)f, ad_const, x, ad_dup, A, 1.0, ad_const, 5,
                        ad_const, 40),
           want_a, ad_fd(fa, A));
  for (int i = 0; i < 5; i++) {
    snprintf(name, sizeof name, "reverse dx[%d]", i);
    ad_check(name, dx[i], want_x[i], ad_fdn(fx, x, 5, i));
  }
  return ad_check_report();
}
