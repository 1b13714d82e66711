// Jacobians by vector forward mode: a 3 x 3 function (analytic Jacobian)
// and a 100 x 50 function (m = 100 outputs of n = 50 inputs), by
// AD_DEFINE_JACOBIAN (8 columns per call, the last call partly empty) and
// by explicit ad_width calls of widths 1..8, each column equal bit for bit
// to the scalar forward call, and close to central finite differences.
// Dense Hessians by vector forward over reverse (AD_DEFINE_HESSIAN) equal
// n scalar Hessian-vector products.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad_higher.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

// y = (x0 x1, sin(x1) + x2^2, exp(x0 x2))
static void small(const double *x, double *y) {
  y[0] = x[0] * x[1];
  y[1] = sin(x[1]) + x[2] * x[2];
  y[2] = exp(x[0] * x[2]);
}
AD_DEFINE_JACOBIAN(small_jac, small)

enum { n = 50, m = 100 };

// y_i = tanh(sum_j a_ij x_j) + x_(i mod n)^2 / (1 + y_(i-1)^2)
static void wide(const double *x, double *y) {
  double prev = 0;
  for (int i = 0; i < m; ++i) {
    double s = 0;
    for (int j = 0; j < n; ++j)
      s += sin(0.1 * i + 0.37 * j) * x[j];
    double xi = x[i % n];
    y[i] = tanh(s) + xi * xi / (1 + prev * prev);
    prev = y[i];
  }
}
AD_DEFINE_JACOBIAN(wide_jac, wide)

static double rosen(const double *x, int k) {
  double s = 0;
  for (int i = 0; i + 1 < k; ++i) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}
AD_DEFINE_HESSIAN(rosen_d2, rosen)

typedef struct {
  double d[5];
} w5;
w5 __ad_fwddiff_w5(void *, ...);

int main(void) {
  {
    double x[3] = {0.4, -0.7, 1.3}, y[3], j[9];
    small_jac(x, 3, y, 3, j, NULL);
    double ref[9] = {x[1],
                     x[0],
                     0,
                     0,
                     cos(x[1]),
                     2 * x[2],
                     x[2] * exp(x[0] * x[2]),
                     0,
                     x[0] * exp(x[0] * x[2])};
    for (int k = 0; k < 9; ++k)
      ad_check_eq("3x3 Jacobian", j[k], ref[k]);
  }
  static double x[n], y[m], jv[m * n], dx[n], dy[m], ys[m];
  for (int i = 0; i < n; ++i)
    x[i] = 0.3 * cos(1.7 * i);
  static double work[AD_JACOBIAN_WORK(n, m)];
  wide_jac(x, n, y, m, jv, work);
  int same = 1;
  double worst = 0;
  for (int c = 0; c < n; ++c) {
    memset(dx, 0, sizeof dx);
    dx[c] = 1;
    __ad_fwddiff((void *)wide, ad_dup, x, dx, ad_dup, ys, dy);
    for (int r = 0; r < m; ++r)
      same &= dy[r] == jv[r * n + c];
    double xp[n], xm[n], yp[m], ym[m], h = 1e-6;
    memcpy(xp, x, sizeof xp);
    memcpy(xm, x, sizeof xm);
    xp[c] += h;
    xm[c] -= h;
    wide(xp, yp);
    wide(xm, ym);
    for (int r = 0; r < m; ++r)
      worst = fmax(worst, fabs((yp[r] - ym[r]) / (2 * h) - jv[r * n + c]) /
                              (1 + fabs(jv[r * n + c])));
  }
  ad_check_exact("100x50 Jacobian columns equal scalar calls", same, 1);
  ad_check_eq("100x50 Jacobian against finite differences", worst, 0);
  {
    // Width 5 by hand: columns 10..14, the shadows strided rows of D.
    static double D[5][n], DY[5][m];
    for (int l = 0; l < 5; ++l)
      D[l][10 + l] = 1;
    w5 t =
        __ad_fwddiff_w5((void *)wide, ad_width, 5, ad_dupv, n * sizeof(double),
                        x, D[0], ad_dupv, m * sizeof(double), y, DY[0]);
    (void)t; // wide returns nothing: zeros
    int ok = 1;
    for (int l = 0; l < 5; ++l) {
      ok &= t.d[l] == 0;
      for (int r = 0; r < m; ++r)
        ok &= DY[l][r] == jv[r * n + 10 + l];
    }
    ad_check_exact("width 5 columns", ok, 1);
  }
  {
    enum { k = 11 };
    double xr[k], h[k * k], hs[k * k], e[k], g[k];
    for (int i = 0; i < k; ++i)
      xr[i] = 0.9 + 0.2 * sin(i);
    rosen_d2_hessian(xr, h, k, NULL);
    for (int c = 0; c < k; ++c) {
      for (int i = 0; i < k; ++i)
        e[i] = i == c;
      rosen_d2_hvp(xr, e, hs + c * k, g, k);
    }
    ad_check_exact("Hessian by vector mode equals scalar HVPs",
                   memcmp(h, hs, sizeof h) == 0, 1);
    ad_check_eq("Hessian (0,0)", h[0], 1200 * xr[0] * xr[0] - 400 * xr[1] + 2);
    ad_check_eq("Hessian (0,1)", h[1], -400 * xr[0]);
    ad_check_eq("Hessian (10,10)", h[k * k - 1], 200);
  }
  return ad_check_report();
}
