// Triangular loop nests (the inner bound depends on the outer index): a lower
// triangular double sum, a pairwise interaction energy over j > i, and
// forward substitution L x = b in place (gradient w.r.t. L and b).
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

/* sum_{j <= i} x[i] sin(x[j]) */
double tri_sum(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j <= i; ++j)
      s += x[i] * sin(x[j]);
  return s;
}

/* sum_{i < j} 1 / (1 + (x[i] - x[j])^2) */
double pair_energy(const double *x, int n) {
  double e = 0;
  for (int i = 0; i < n; ++i)
    for (int j = i + 1; j < n; ++j) {
      double d = x[i] - x[j];
      e += 1.0 / (1.0 + d * d);
    }
  return e;
}

/* Solves L x = b for lower triangular L (row-major n x n); x holds b on
 * entry and the solution on exit. */
void forward_subst(const double *l, double *x, int n) {
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < i; ++j)
      x[i] -= l[i * n + j] * x[j];
    x[i] /= l[i * n + i];
  }
}

static double g_l[N * N], g_b[N], g_w[N];
static double tri_a(const double *x) { return tri_sum(x, N); }
static double pair_a(const double *x) { return pair_energy(x, N); }
static double subst_w(const double *l, const double *b) {
  double x[N], s = 0;
  int i;
  for (i = 0; i < N; ++i)
    x[i] = b[i];
  forward_subst(l, x, N);
  for (i = 0; i < N; ++i)
    s += g_w[i] * x[i];
  return s;
}
static double subst_l(const double *l) { return subst_w(l, g_b); }
static double subst_b(const double *b) { return subst_w(g_l, b); }

int main(void) {
  double x[N] = {0.4, -1.1, 0.9, 2.2, -0.3};
  double dx[N] = {0}, ex[N];
  double dl[N * N] = {0}, el[N * N] = {0}, sol[N], dsol[N], v[N], eb[N];
  int i, j, k;

  for (k = 0; k < N; ++k) {
    double a = 0, b = 0;
    for (j = 0; j <= k; ++j)
      a += sin(x[j]);
    for (i = k; i < N; ++i)
      b += x[i];
    ex[k] = a + cos(x[k]) * b;
  }
  __ad_autodiff((void *)tri_sum, ad_dup, x, dx, N);
  lfd_check_all("tri_sum dx", dx, ex, tri_a, x, N);

  for (k = 0; k < N; ++k) {
    dx[k] = 0;
    ex[k] = 0;
    for (j = 0; j < N; ++j)
      if (j != k) {
        double d = x[k] - x[j], q = 1.0 + d * d;
        ex[k] += -2.0 * d / (q * q);
      }
  }
  __ad_autodiff((void *)pair_energy, ad_dup, x, dx, (int)ad_opaque(N));
  lfd_check_all("pair_energy dx", dx, ex, pair_a, x, N);

  /* L: diagonal 2 + i/2, below it small entries; upper part unused (set to
   * garbage: it must get no gradient). */
  for (i = 0; i < N; ++i)
    for (j = 0; j < N; ++j)
      g_l[i * N + j] = i == j  ? 2.0 + 0.5 * i
                       : j < i ? 0.3 * sin(1.0 + i + 2 * j)
                               : 99.0;
  for (i = 0; i < N; ++i) {
    g_b[i] = 1.0 - 0.4 * i;
    g_w[i] = 0.5 + 0.25 * i * (i % 2 ? -1 : 1);
    sol[i] = g_b[i];
    dsol[i] = g_w[i];
  }
  __ad_autodiff((void *)forward_subst, ad_dup, g_l, dl, ad_dup, sol, dsol, N);
  /* Reference: x = L^-1 b; v = L^-T w; d/db = v, d/dL_ij = -v_i x_j. */
  {
    double xr[N];
    for (i = 0; i < N; ++i) {
      xr[i] = g_b[i];
      for (j = 0; j < i; ++j)
        xr[i] -= g_l[i * N + j] * xr[j];
      xr[i] /= g_l[i * N + i];
    }
    for (i = N - 1; i >= 0; --i) {
      v[i] = g_w[i];
      for (j = i + 1; j < N; ++j)
        v[i] -= g_l[j * N + i] * v[j];
      v[i] /= g_l[i * N + i];
    }
    for (i = 0; i < N; ++i) {
      char name[64];
      snprintf(name, sizeof name, "forward_subst x[%d]", i);
      ad_check_eq(name, sol[i], xr[i]);
      eb[i] = v[i];
      for (j = 0; j <= i; ++j)
        el[i * N + j] = -v[i] * xr[j];
    }
  }
  lfd_check_all("forward_subst dL", dl, el, subst_l, g_l, N * N);
  lfd_check_all("forward_subst db", dsol, eb, subst_b, g_b, N);
  return ad_check_report();
}
