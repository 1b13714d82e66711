// Loops with several exits: `for (;;)` left by two different breaks placed
// before and after the update, a `goto` out of a nest, and a trip count
// computed from an active value ((int) of a double).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 8

double two_breaks(const double *x, int n) {
  double s = 0.2;
  int i = 0;
  for (;;) {
    if (i >= n)
      break;
    s = s * 1.5 + x[i] * x[i];
    if (s > 4.0)
      break;
    s = sin(s) + s;
    ++i;
  }
  return s * s;
}

double goto_out(const double *a, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      s += a[i] * a[j];
      if (s > 3.0)
        goto done;
    }
done:
  return s * a[0];
}

/* Runs (int)(x * 3) times: piecewise smooth in x. */
double active_count(double x) {
  double y = 1.0;
  for (int i = 0; i < (int)(x * 3.0); ++i)
    y = y * x + 0.5;
  return y;
}

static int g_n;
static double two_breaks_a(const double *x) { return two_breaks(x, g_n); }
static double goto_a(const double *x) { return goto_out(x, 4); }

/* The tangent of two_breaks w.r.t. each x[k], forward. */
static void two_breaks_t(const double *x, int n, double *e) {
  double s = 0.2, t[N] = {0};
  int i = 0, k;
  for (;;) {
    if (i >= n)
      break;
    for (k = 0; k < n; ++k)
      t[k] *= 1.5;
    t[i] += 2 * x[i];
    s = s * 1.5 + x[i] * x[i];
    if (s > 4.0)
      break;
    for (k = 0; k < n; ++k)
      t[k] *= cos(s) + 1;
    s = sin(s) + s;
    ++i;
  }
  printf("two_breaks stops at i = %d with s = %g\n", i, s);
  for (k = 0; k < N; ++k)
    e[k] = k < n ? 2 * s * t[k] : 0;
}

int main(void) {
  double x[N] = {0.3, -0.2, 0.4, 0.1, 0.5, -0.6, 0.7, 0.2};
  double a[4] = {0.6, 0.9, 0.7, 1.1}, da[4] = {0}, ea[4] = {0};
  double dx[N] = {0}, e[N];
  double v;
  int n, i, j, hit = 0;

  for (n = 2; n <= N; n += 6) {
    g_n = n;
    two_breaks_t(x, n, e);
    for (i = 0; i < N; ++i)
      dx[i] = 0;
    __ad_autodiff((void *)two_breaks, ad_dup, x, dx, (int)ad_opaque(n));
    lfd_check_all(n == N ? "two_breaks dx" : "two_breaks (n = 2) dx", dx, e,
                  two_breaks_a, x, N);
  }

  /* a0 a0 = 0.36, + a0 a1 = 0.9, + a0 a2 = 1.32, + a0 a3 = 1.98,
   * + a1 a0 = 2.52, + a1 a1 = 3.33 > 3: leaves at i = 1, j = 1. */
  for (i = 0; i < 4 && !hit; ++i)
    for (j = 0; j < 4; ++j) {
      ea[i] += a[j];
      ea[j] += a[i];
      if (i == 1 && j == 1) {
        hit = 1;
        break;
      }
    }
  {
    double s = 0.36 + 0.54 + 0.42 + 0.66 + 0.54 + 0.81;
    for (i = 0; i < 4; ++i)
      ea[i] *= a[0];
    ea[0] += s;
  }
  __ad_autodiff((void *)goto_out, ad_dup, a, da, 4);
  lfd_check_all("goto_out da", da, ea, goto_a, a, 4);

  /* x = 1.5: 4 iterations; y = ((x + .5) x + .5) x + .5) x + .5 */
  v = 1.5;
  ad_check("active_count", __ad_autodiff((void *)active_count, v),
           4 * v * v * v + 3 * 0.5 * v * v + 2 * 0.5 * v + 0.5,
           ad_fd(active_count, v));
  v = ad_opaque(0.2); /* no iteration */
  ad_check("active_count (0 trips)", __ad_autodiff((void *)active_count, v),
           0.0, ad_fd(active_count, v));
  return ad_check_report();
}
