// A `continue` inside a branch, before an inner loop: whether the inner loop
// runs in an iteration depends on two branches, and the reverse sweep must
// know it. f: data-dependent test, then an invariant continue (the join after
// the inner loop cannot be told from the first branch alone); g: invariant
// test, then a data-dependent continue (the inner loop does not run in every
// iteration, so its start index must be recorded). Both gave wrong gradients
// before (f at -O0, g at -O1 and above).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
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

double g(const double *x, int m, int n) {
  double s = 0.3;
  for (int i = 0; i < m; ++i) {
    s = sin(s) * 0.8 + x[i];
    if (m > 2) {
      s = sin(s + x[i]) * 0.9;
      if (x[i] > 0.65)
        continue;
    }
    for (int j = 0; j < n; ++j)
      s = sin(s + x[j]) * 0.9;
  }
  return s;
}

/* d f / d x[q], forward. */
static double g_t(const double *x, int m, int n, int q) {
  double s = 0.3, ds = 0, a;
  for (int i = 0; i < m; ++i) {
    ds = 0.8 * cos(s) * ds + (i == q);
    s = sin(s) * 0.8 + x[i];
    if (m > 2) {
      a = s + x[i];
      ds = 0.9 * cos(a) * (ds + (i == q));
      s = sin(a) * 0.9;
      if (x[i] > 0.65)
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
static double g_a(const double *x) { return g(x, M, g_n); }

int main(void) {
  double x[M] = {0.6, 0.7, 0.2, 0.9};
  for (g_n = 1; g_n <= 3; g_n += 2) {
    double dx[M] = {0}, e[M];
    for (int q = 0; q < M; ++q)
      e[q] = f_t(x, M, g_n, q);
    __ad_autodiff((void *)f, ad_dup, x, dx, M, (int)ad_opaque(g_n));
    lfd_check_all(g_n == 1 ? "f, n = 1: dx" : "f, n = 3: dx", dx, e, f_a, x, M);
    double dg[M] = {0};
    for (int q = 0; q < M; ++q)
      e[q] = g_t(x, M, g_n, q);
    __ad_autodiff((void *)g, ad_dup, x, dg, M, (int)ad_opaque(g_n));
    lfd_check_all(g_n == 1 ? "g, n = 1: dx" : "g, n = 3: dx", dg, e, g_a, x, M);
  }
  return ad_check_report();
}
