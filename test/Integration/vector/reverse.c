// Vector reverse mode (ad_width in __ad_autodiff): N output seeds in one
// reverse sweep, the forward sweep and its tape shared. Each lane equals
// the scalar gradient call with that lane's seeds bit for bit, for
// N = 1, 2, 4, 7, on a vector-valued function with a loop tape, an
// in-place recurrence, heap temporaries, recursive callees that stay calls
// (a read-only one and one writing memory: split pairs), an ad_out scalar,
// a workspace, and on a scalar function (every lane seeded with 1, plus the
// lane's seeds of the ad_dup output). Rows of a Jacobian
// are checked against central finite differences.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { n = 5, MaxW = 7 };

// Callees that stay calls: their derivatives are split pairs (an
// augmented forward and a reverse), widened too.
__attribute__((noinline)) static double power(const double *x, int k) {
  return k == 0 ? 1.0 : x[k % n] * power(x, k - 1);
}

__attribute__((noinline)) static void twice(double *v, int k) {
  for (int i = 0; i < k; ++i)
    v[i] *= 2 + v[i];
  if (k > 1) {
    twice(v, k - 1);
    v[0] += v[k - 1] * v[0];
  }
}

// y = F(x, c): n outputs.
void field(const double *x, double *y, double c, int m) {
  double *t = malloc(m * sizeof(double));
  for (int i = 0; i < m; ++i)
    t[i] = exp(c * x[i]) * x[(i + 1) % m];
  for (int i = 1; i < m; ++i)
    t[i] += t[i - 1] * t[i];
  twice(t, m);
  for (int i = 0; i < m; ++i)
    y[i] = t[i] * power(x, i + 1) + c * c;
  free(t);
}

double energy(const double *x, double *y, double c, int m) {
  field(x, y, c, m);
  double s = 0;
  for (int i = 0; i < m; ++i)
    s += y[i] * y[i];
  return c * s;
}

typedef struct {
  double d[2];
} w2;
typedef struct {
  double d[4];
} w4;
typedef struct {
  double d[7];
} w7;
w2 __ad_autodiff_w2(void *, ...);
w4 __ad_autodiff_w4(void *, ...);
w7 __ad_autodiff_w7(void *, ...);

static const double x0[n] = {0.3, -0.2, 0.5, 0.1, -0.4};
static double dx[MaxW][n], dy[MaxW][n], seed[MaxW][n], y[n];

static void reset(int w) {
  for (int k = 0; k < w; ++k)
    for (int i = 0; i < n; ++i) {
      dx[k][i] = 0.01 * k; // gradients add to what is there
      dy[k][i] = seed[k][i] = cos(k * n + i + 0.5);
    }
}

// Lane k against the scalar call with lane k's seeds.
static void compare(const char *what, int scalar, int w, const double *dc) {
  for (int k = 0; k < w; ++k) {
    double gx[n], gy[n], ys[n];
    for (int i = 0; i < n; ++i)
      gx[i] = 0.01 * k, gy[i] = seed[k][i];
    double s = scalar ? __ad_autodiff((void *)energy, ad_dup, x0, gx, ad_dup,
                                      ys, gy, ad_out, 0.7, ad_const, n)
                      : __ad_autodiff((void *)field, ad_dup, x0, gx, ad_dup, ys,
                                      gy, ad_out, 0.7, ad_const, n);
    char name[80];
    snprintf(name, sizeof name, "%s lane %d d/dc", what, k);
    ad_check_exact(name, dc[k], s);
    int same = 1;
    for (int i = 0; i < n; ++i)
      same &= gx[i] == dx[k][i] && gy[i] == dy[k][i];
    snprintf(name, sizeof name, "%s lane %d shadows", what, k);
    ad_check_exact(name, same, 1);
  }
}

int main(void) {
  reset(1);
  double d1 = __ad_autodiff((void *)field, ad_width, 1, ad_dup, x0, dx[0],
                            ad_dup, y, dy[0], ad_out, 0.7, ad_const, n);
  compare("width 1", 0, 1, &d1);
  reset(2);
  w2 r2 = __ad_autodiff_w2((void *)field, ad_width, 2, ad_dup, x0, dx[0], dx[1],
                           ad_dup, y, dy[0], dy[1], ad_out, 0.7, ad_const, n);
  compare("width 2", 0, 2, r2.d);
  reset(4);
  ad_workspace_t *ws = ad_workspace_create(0);
  w4 r4 =
      __ad_autodiff_w4((void *)field, ad_width, 4, ad_dupv, n * sizeof(double),
                       x0, dx[0], ad_dupv, n * sizeof(double), y, dy[0], ad_out,
                       0.7, ad_const, n, ad_workspace, ws);
  compare("width 4 (workspace)", 0, 4, r4.d);
  ad_workspace_destroy(ws);
  reset(7);
  w7 r7 = __ad_autodiff_w7(
      (void *)energy, ad_width, 7, ad_dupv, n * sizeof(double), x0, dx[0],
      ad_dupv, n * sizeof(double), y, dy[0], ad_out, 0.7, ad_const, n);
  compare("width 7 (scalar result)", 1, 7, r7.d);

  // Rows of the Jacobian of field: unit seeds on y, against differences.
  double J[4][n] = {{0}}, S[4][n] = {{0}};
  for (int k = 0; k < 4; ++k)
    S[k][k] = 1;
  __ad_autodiff_w4((void *)field, ad_width, 4, ad_dupv, n * sizeof(double), x0,
                   J[0], ad_dupv, n * sizeof(double), y, S[0], ad_out, 0.7,
                   ad_const, n);
  for (int k = 0; k < 4; ++k)
    for (int j = 0; j < n; ++j) {
      double xp[n], xm[n], yp[n], ym[n], h = 1e-6;
      memcpy(xp, x0, sizeof xp);
      memcpy(xm, x0, sizeof xm);
      xp[j] += h, xm[j] -= h;
      field(xp, yp, 0.7, n);
      field(xm, ym, 0.7, n);
      double fd = (yp[k] - ym[k]) / (2 * h);
      ad_check("Jacobian row by vector reverse", J[k][j], fd, fd);
    }
  return ad_check_report();
}
