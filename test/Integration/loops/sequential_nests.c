// Several loops and nests one after the other, each consuming what the
// previous one produced: an in-place map, a rectangular double sum, a while
// loop, and a nest rewriting the array with the sum.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

#define N 6

double stages(double *x, const double *a, int n) {
  for (int i = 0; i < n; ++i)
    x[i] = sin(x[i]) + a[i] * x[i];
  double s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      s += x[i] * x[j] * a[j];
  double t = s;
  int k = 0;
  while (k < n) {
    t = t * 0.5 + x[k] * x[k];
    ++k;
  }
  for (int r = 0; r < 3; ++r)
    for (int i = 0; i < n; ++i)
      x[i] = x[i] * 0.9 + 0.01 * s * x[i];
  double u = 0;
  for (int i = 0; i < n; ++i)
    u += x[i];
  return t + u;
}

/* Forward tangent of stages in direction tx. */
static double stages_t(double *x, double *tx, const double *a, int n) {
  double s = 0, ts = 0, t, tt, u = 0, tu = 0;
  int i, j, k, r;
  for (i = 0; i < n; ++i) {
    tx[i] = (cos(x[i]) + a[i]) * tx[i];
    x[i] = sin(x[i]) + a[i] * x[i];
  }
  for (i = 0; i < n; ++i)
    for (j = 0; j < n; ++j) {
      ts += (tx[i] * x[j] + x[i] * tx[j]) * a[j];
      s += x[i] * x[j] * a[j];
    }
  t = s;
  tt = ts;
  for (k = 0; k < n; ++k) {
    tt = tt * 0.5 + 2 * x[k] * tx[k];
    t = t * 0.5 + x[k] * x[k];
  }
  for (r = 0; r < 3; ++r)
    for (i = 0; i < n; ++i) {
      tx[i] = tx[i] * (0.9 + 0.01 * s) + 0.01 * ts * x[i];
      x[i] = x[i] * 0.9 + 0.01 * s * x[i];
    }
  for (i = 0; i < n; ++i) {
    u += x[i];
    tu += tx[i];
  }
  (void)t;
  (void)u;
  return tt + tu;
}

static double g_a[N] = {0.3, -0.2, 0.5, 0.1, -0.4, 0.25};
static double stages_a(const double *x0) {
  double x[N];
  memcpy(x, x0, sizeof x);
  return stages(x, g_a, N);
}

int main(void) {
  double x0[N] = {0.5, -1.2, 0.8, 1.5, -0.3, 0.1};
  double x[N], dx[N] = {0}, e[N], ref[N];
  int k;
  char name[64];

  for (k = 0; k < N; ++k) {
    double xt[N], t[N] = {0};
    memcpy(xt, x0, sizeof xt);
    t[k] = 1;
    e[k] = stages_t(xt, t, g_a, N);
  }
  memcpy(x, x0, sizeof x);
  __ad_autodiff((void *)stages, ad_dup, x, dx, ad_const, g_a, N);
  lfd_check_all("stages dx", dx, e, stages_a, x0, N);
  memcpy(ref, x0, sizeof ref);
  stages(ref, g_a, N);
  for (k = 0; k < N; ++k) {
    snprintf(name, sizeof name, "stages x[%d] written", k);
    ad_check_eq(name, x[k], ref[k]);
  }

  memcpy(x, x0, sizeof x);
  memset(dx, 0, sizeof dx);
  __ad_autodiff((void *)stages, ad_dup, x, dx, ad_const, g_a,
                (int)ad_opaque(N));
  lfd_check_all("stages (run-time n) dx", dx, e, stages_a, x0, N);
  return ad_check_report();
}
