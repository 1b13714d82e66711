// Split mode from C: __ad_augmentfwd runs the function and returns a tape;
// other work follows (here: the inputs are overwritten, and a second tape is
// made and reversed first); __ad_reverse then gives the same gradient as
// __ad_autodiff would have at the original inputs.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

#define N 5

/* Reads x in a loop: the reverse sweep must not read x again. */
double energy(const double *x, double k, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += k * sin(x[i]) * x[(i + 1) % n];
  return s;
}

/* Writes y in place, several times per element. */
void relax(double *y, int n, int steps) {
  for (int t = 0; t < steps; t++)
    for (int i = 1; i < n; i++)
      y[i] = 0.5 * y[i] + 0.25 * y[i - 1] * y[i - 1];
}

static const double X0[N] = {0.3, -1.2, 0.8, 2.0, -0.4};
static double energy_x(const double *x) { return energy(x, 1.5, N); }
static double relax_sum(const double *y0) {
  double y[N];
  memcpy(y, y0, sizeof y);
  relax(y, N, 3);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += (i + 1) * y[i];
  return s;
}

/* Hand-written reverse of relax(y, N, 3) seeded with (i + 1). */
static void relax_gradient(const double *y0, double *g) {
  double post[3][N], y[N];
  memcpy(y, y0, sizeof y);
  for (int t = 0; t < 3; t++) {
    relax(y, N, 1);
    memcpy(post[t], y, sizeof y);
  }
  for (int i = 0; i < N; i++)
    g[i] = i + 1;
  for (int t = 2; t >= 0; t--)
    for (int i = N - 1; i >= 1; i--) {
      g[i - 1] += g[i] * 0.5 * post[t][i - 1];
      g[i] *= 0.5;
    }
}

int main(void) {
  char name[64];
  double x[N], dx[N] = {0}, r = 0;
  memcpy(x, X0, sizeof x);
  void *t1 = __ad_augmentfwd((void *)energy, ad_dup, x, dx, 1.5, ad_const, N,
                             ad_result, &r);
  ad_check_eq("energy result", r, energy_x(X0));
  for (int i = 0; i < N; i++)
    x[i] = 100.0 + i; /* the caller reuses its buffer */

  /* A second tape, made and reversed while the first waits. */
  double y[N], dy[N] = {0};
  memcpy(y, X0, sizeof y);
  void *t2 =
      __ad_augmentfwd((void *)relax, ad_dup, y, dy, ad_const, N, ad_const, 3);
  double yref[N];
  memcpy(yref, X0, sizeof yref);
  relax(yref, N, 3);
  ad_check_eq("relax result", y[N - 1], yref[N - 1]);
  for (int i = 0; i < N; i++)
    dy[i] = i + 1; /* seeds: d(sum (i+1) y_i) */
  double relax_exact[N];
  relax_gradient(X0, relax_exact);
  __ad_reverse((void *)relax, ad_dup, y, dy, ad_const, N, ad_const, 3, t2);
  for (int i = 0; i < N; i++) {
    snprintf(name, sizeof name, "relax dy0[%d]", i);
    ad_check(name, dy[i], relax_exact[i], ad_fdn(relax_sum, X0, N, i));
  }

  double dk = __ad_reverse((void *)energy, ad_dup, x, dx, 1.5, ad_const, N, t1);
  for (int i = 0; i < N; i++) {
    int p = (i + N - 1) % N, q = (i + 1) % N;
    double exact = 1.5 * (cos(X0[i]) * X0[q] + sin(X0[p]));
    snprintf(name, sizeof name, "energy dx[%d]", i);
    ad_check(name, dx[i], exact, ad_fdn(energy_x, X0, N, i));
  }
  double dk_exact = energy_x(X0) / 1.5;
  ad_check_eq("energy dk", dk, dk_exact);
  return ad_check_report();
}
