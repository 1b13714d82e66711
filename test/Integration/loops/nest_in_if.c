// A loop nest inside one branch of an if (and a single loop in the other):
// the branch is taken on a flag and on a data comparison; the gradient must
// come only from the branch that ran.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 5

double branchy(const double *x, int n, int mode) {
  double s = 0;
  if (mode > 0 || x[0] > 1.0) {
    for (int i = 0; i < n; ++i)
      for (int j = 0; j <= i; ++j)
        s += x[i] * cos(x[j]);
  } else {
    for (int i = 0; i < n; ++i)
      s += exp(0.5 * x[i]);
  }
  return s * x[n - 1];
}

static int g_mode;
static double branchy_a(const double *x) { return branchy(x, N, g_mode); }

static void expected(const double *x, int nest, double *e) {
  double s = 0;
  int i, j, k;
  for (k = 0; k < N; ++k)
    e[k] = 0;
  if (nest) {
    for (i = 0; i < N; ++i)
      for (j = 0; j <= i; ++j) {
        s += x[i] * cos(x[j]);
        e[i] += cos(x[j]);
        e[j] -= x[i] * sin(x[j]);
      }
  } else {
    for (i = 0; i < N; ++i) {
      s += exp(0.5 * x[i]);
      e[i] = 0.5 * exp(0.5 * x[i]);
    }
  }
  for (k = 0; k < N; ++k)
    e[k] *= x[N - 1];
  e[N - 1] += s;
}

int main(void) {
  double x[N] = {0.4, -0.9, 1.3, 0.2, -0.6};
  double dx[N], e[N];
  int mode, k;

  for (mode = 0; mode <= 1; ++mode) {
    g_mode = mode;
    printf("mode %d, x[0] = %g\n", mode, x[0]);
    for (k = 0; k < N; ++k)
      dx[k] = 0;
    expected(x, mode, e);
    __ad_autodiff((void *)branchy, ad_dup, x, dx, N, (int)ad_opaque(mode));
    lfd_check_all("branchy dx", dx, e, branchy_a, x, N);
  }
  /* mode 0, but the data selects the nest. */
  g_mode = 0;
  x[0] = 1.7;
  printf("mode 0, x[0] = %g\n", x[0]);
  for (k = 0; k < N; ++k)
    dx[k] = 0;
  expected(x, 1, e);
  __ad_autodiff((void *)branchy, ad_dup, x, dx, N, 0);
  lfd_check_all("branchy dx", dx, e, branchy_a, x, N);
  return ad_check_report();
}
