/* Jacobian of a dense 100 x 100 function (pairwise Gaussian-weighted
 * interactions, as in kernel and particle codes) by vector forward mode
 * (AD_DEFINE_JACOBIAN: 8 directions per call, the function running once per
 * call) against 100 scalar forward calls (target: >= 2x faster at N = 8)
 * and against central finite differences. Each time is the best of several
 * repetitions; the vector and scalar Jacobians must agree bit for bit.
 * Usage: jacobian [n] (default 100). */
#include "timing.h"
#include <ad_higher.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int N; /* the size, for the functions below */

/* y_i = sin(x_i) + sum_j exp(-(x_i - x_j)^2) / (1 + (x_i - x_j)^2) x_j */
static void interact(const double *x, double *y) {
  for (int i = 0; i < N; ++i) {
    double s = sin(x[i]);
    for (int j = 0; j < N; ++j) {
      double d = x[i] - x[j];
      s += exp(-d * d) / (1 + d * d) * x[j];
    }
    y[i] = s;
  }
}
AD_DEFINE_JACOBIAN(interact_jac, interact)

static void scalar_jacobian(const double *x, double *y, double *j, double *dx,
                            double *dy) {
  for (int i = 0; i < N; ++i)
    dx[i] = 0;
  for (int c = 0; c < N; ++c) {
    dx[c] = 1;
    __ad_fwddiff((void *)interact, ad_dup, x, dx, ad_dup, y, dy);
    for (int r = 0; r < N; ++r)
      j[(size_t)r * N + c] = dy[r];
    dx[c] = 0;
  }
}

static void fd_jacobian(const double *x, double *j, double *xp, double *yp,
                        double *ym) {
  double h = 1e-6;
  memcpy(xp, x, N * sizeof *x);
  for (int c = 0; c < N; ++c) {
    xp[c] = x[c] + h;
    interact(xp, yp);
    xp[c] = x[c] - h;
    interact(xp, ym);
    xp[c] = x[c];
    for (int r = 0; r < N; ++r)
      j[(size_t)r * N + c] = (yp[r] - ym[r]) / (2 * h);
  }
}

int main(int argc, char **argv) {
  N = argc > 1 ? atoi(argv[1]) : 100;
  size_t nn = (size_t)N * N;
  double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y),
         *jv = malloc(nn * sizeof *jv), *js = malloc(nn * sizeof *js),
         *jf = malloc(nn * sizeof *jf), *dx = malloc(N * sizeof *dx),
         *dy = malloc(N * sizeof *dy), *yp = malloc(N * sizeof *yp),
         *ym = malloc(N * sizeof *ym), *xp = malloc(N * sizeof *xp),
         *work = malloc(AD_JACOBIAN_WORK(N, N) * sizeof(double));
  for (int i = 0; i < N; ++i)
    x[i] = 0.5 * sin(1.3 * i) + 0.01 * i;
  int k = 20;
  double tp, tv, ts, tf;
  TIME(tp, k * 10, interact(x, y));
  TIME(tv, k, interact_jac(x, N, y, N, jv, work));
  TIME(ts, k, scalar_jacobian(x, y, js, dx, dy));
  TIME(tf, k, fd_jacobian(x, jf, xp, yp, ym));
  double fderr = 0;
  for (size_t i = 0; i < nn; ++i)
    fderr = fmax(fderr, fabs(jv[i] - jf[i]) / (1 + fabs(jv[i])));
  int same = memcmp(jv, js, nn * sizeof *jv) == 0;
  printf("Jacobian of a dense %d x %d function (times per Jacobian)\n", N, N);
  printf("  primal (one evaluation)   %10.3f us\n", tp * 1e6);
  printf("  vector forward, N = %d     %10.3f us  (%.1f primals)\n",
         AD_JACOBIAN_LANES, tv * 1e6, tv / tp);
  printf("  %d scalar forward calls  %10.3f us  (%.1f primals)\n", N, ts * 1e6,
         ts / tp);
  printf("  speedup of vector mode    %10.2fx  (target >= 2x)\n", ts / tv);
  printf("  finite differences        %10.3f us  (max rel. diff to AD %.1e)\n",
         tf * 1e6, fderr);
  printf("  vector == scalar bit for bit: %s\n", same ? "yes" : "NO");
  return !same || fderr > 1e-6;
}
