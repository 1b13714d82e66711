// XFAIL: *
// A known wrong gradient, found while testing nest allocations (it predates
// them): at -O0 only, a `continue` on an invariant test inside a
// data-dependent branch, before an inner loop, gives wrong adjoints once the
// inner loop runs (n = 3 here; n = 1, where the inner loop runs only when
// the branch is not taken, is right). -O1 to -O3 are right. Remove the XFAIL
// line when it is fixed.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define M 4

double f(const double *x, int m, int n) {
  double s = 0.3;
  for (int i = 0; i < m; ++i) {
    s = sin(s) * 0.8 + x[i];
    if (x[i] > 0.5) {
      s = sin(s + x[i]) * 0.9;
      if (n < 3)
        continue;
    }
    for (int j = 0; j < n; ++j)
      s = sin(s + x[j]) * 0.9;
  }
  return s;
}

/* d f / d x[q], forward. */
static double f_t(const double *x, int m, int n, int q) {
  double s = 0.3, ds = 0, a;
  for (int i = 0; i < m; ++i) {
    ds = 0.8 * cos(s) * ds + (i == q);
    s = sin(s) * 0.8 + x[i];
    if (x[i] > 0.5) {
      a = s + x[i];
      ds = 0.9 * cos(a) * (ds + (i == q));
      s = sin(a) * 0.9;
      if (n < 3)
        continue;
    }
    for (int j = 0; j < n; ++j) {
      a = s + x[j];
      ds = 0.9 * cos(a) * (ds + (j == q));
      s = sin(a) * 0.9;
    }
  }
  return ds;
}

static int g_n;
static double f_a(const double *x) { return f(x, M, g_n); }

int main(void) {
  double x[M] = {0.6, 0.7, 0.2, 0.9};
  for (g_n = 1; g_n <= 3; g_n += 2) {
    double dx[M] = {0}, e[M];
    for (int q = 0; q < M; ++q)
      e[q] = f_t(x, M, g_n, q);
    __ad_autodiff((void *)f, ad_dup, x, dx, M, (int)ad_opaque(g_n));
    lfd_check_all(g_n == 1 ? "n = 1: dx" : "n = 3: dx", dx, e, f_a, x, M);
  }
  return ad_check_report();
}
