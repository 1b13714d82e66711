// Forward mode over arrays: a dot product and a norm of ad_dup arrays along
// direction vectors (one array ad_const in some calls), an output array
// y = A x written by a void function (its shadow prefilled with garbage: the
// tangents overwrite it), A ad_const and ad_dup, in-place updates
// (x[i] = x[i] * x[i] and a running product), and integer size arguments.
// Read-only input shadows must come back unchanged; tangents are also
// compared with reverse-mode gradients dotted with the direction.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

#define N 5

double dot(const double *x, const double *y, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}

double norm2(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i];
  return sqrt(s);
}

/* y = A x, A n x n row-major. */
void matvec(const double *A, const double *x, double *y, int n) {
  for (int i = 0; i < n; ++i) {
    double s = 0;
    for (int j = 0; j < n; ++j)
      s += A[i * n + j] * x[j];
    y[i] = s;
  }
}

void square_inplace(double *x, int n) {
  for (int i = 0; i < n; ++i)
    x[i] = x[i] * x[i];
}

/* x[i] *= x[i - 1]: running product, in place. Returns the last one. */
double cumprod(double *x, int n) {
  for (int i = 1; i < n; ++i)
    x[i] *= x[i - 1];
  return x[n - 1];
}

static const double X0[N] = {0.3, -1.2, 0.8, 2.0, -0.5};
static const double Y0[N] = {1.1, 0.4, -0.7, 0.25, 1.6};
static const double V[N] = {0.5, -1.0, 0.25, 2.0, -0.75};
static const double W[N] = {-0.3, 0.6, 1.2, -0.1, 0.9};
static double A0[N * N], DA[N * N];

/* Finite differences along a direction: base point BX, direction BV of
 * length BN, function of the perturbed array BF. */
#define MAXV (2 * N * N)
static double BX[MAXV], BV[MAXV];
static int BN;
static double (*BF)(const double *);
static double along(double t) {
  double z[MAXV];
  for (int i = 0; i < BN; ++i)
    z[i] = BX[i] + t * BV[i];
  return BF(z);
}
static double dir_fd(double (*f)(const double *), const double *x,
                     const double *v, int n) {
  memcpy(BX, x, n * sizeof *x);
  memcpy(BV, v, n * sizeof *v);
  BN = n;
  BF = f;
  return ad_fd(along, 0.0);
}

static double dot_xy(const double *z) { return dot(z, z + N, N); }
static double dot_x(const double *z) { return dot(z, Y0, N); }
static double norm_x(const double *z) { return norm2(z, N); }
static int ROW;
/* z = A (n*n) then x (n): row ROW of y = A x. */
static double matvec_row(const double *z) {
  double y[N];
  matvec(z, z + N * N, y, N);
  return y[ROW];
}
static double square_row(const double *z) {
  double x[N];
  memcpy(x, z, sizeof x);
  square_inplace(x, N);
  return x[ROW];
}
static double cumprod_row(const double *z) {
  double x[N];
  memcpy(x, z, sizeof x);
  cumprod(x, N);
  return x[ROW];
}

int main(void) {
  double x[N], y[N], vx[N], vy[N], gx[N], gy[N], dy[N], z[MAXV], zv[MAXV];
  double d, e, r;
  char buf[96];
  int i, j;

  for (i = 0; i < N * N; ++i) {
    A0[i] = sin(1.0 + i) + (i % (N + 1) == 0 ? 2.0 : 0.0);
    DA[i] = 0.1 * cos(0.5 * i);
  }

  /* dot(x, y), both ad_dup, along (V, W). */
  memcpy(x, X0, sizeof x);
  memcpy(y, Y0, sizeof y);
  memcpy(vx, V, sizeof vx);
  memcpy(vy, W, sizeof vy);
  memcpy(z, X0, sizeof X0);
  memcpy(z + N, Y0, sizeof Y0);
  memcpy(zv, V, sizeof V);
  memcpy(zv + N, W, sizeof W);
  e = 0;
  for (i = 0; i < N; ++i)
    e += V[i] * Y0[i] + X0[i] * W[i];
  d = __ad_fwddiff((void *)dot, ad_dup, x, vx, ad_dup, y, vy, N);
  ad_check("dot, x and y dup", d, e, dir_fd(dot_xy, z, zv, 2 * N));
  ad_check_eq("dot: shadows unchanged",
              memcmp(vx, V, sizeof V) == 0 && memcmp(vy, W, sizeof W) == 0, 1);
  memset(gx, 0, sizeof gx);
  memset(gy, 0, sizeof gy);
  __ad_autodiff((void *)dot, ad_dup, x, gx, ad_dup, y, gy, N);
  r = 0;
  for (i = 0; i < N; ++i)
    r += gx[i] * V[i] + gy[i] * W[i];
  ad_check_eq("dot: forward = reverse . v", d, r);

  /* dot(x, y), y ad_const; the size at run time. */
  e = 0;
  for (i = 0; i < N; ++i)
    e += V[i] * Y0[i];
  d = __ad_fwddiff((void *)dot, ad_dup, x, vx, ad_const, y, (int)ad_opaque(N));
  ad_check("dot, y const", d, e, dir_fd(dot_x, X0, V, N));

  /* norm2 */
  e = 0;
  for (i = 0; i < N; ++i)
    e += X0[i] * V[i];
  e /= norm2(X0, N);
  r = -1;
  d = __ad_fwddiff((void *)norm2, ad_dup, x, vx, (int)ad_opaque(N), ad_result,
                   &r);
  ad_check("norm2", d, e, dir_fd(norm_x, X0, V, N));
  ad_check_eq("norm2 ad_result", r, norm2(X0, N));

  /* y = A x, A const: dy = A v (dy prefilled: overwritten). */
  memcpy(z, A0, sizeof A0);
  memcpy(z + N * N, X0, sizeof X0);
  memset(zv, 0, sizeof zv);
  memcpy(zv + N * N, V, sizeof V);
  for (i = 0; i < N; ++i)
    y[i] = dy[i] = 99;
  d = __ad_fwddiff((void *)matvec, ad_const, A0, ad_dup, x, vx, ad_dup, y, dy,
                   N);
  ad_check_eq("matvec returns 0", d, 0);
  for (i = 0; i < N; ++i) {
    double p = 0, t = 0;
    for (j = 0; j < N; ++j) {
      p += A0[i * N + j] * X0[j];
      t += A0[i * N + j] * V[j];
    }
    ROW = i;
    snprintf(buf, sizeof buf, "matvec y[%d]", i);
    ad_check_eq(buf, y[i], p);
    snprintf(buf, sizeof buf, "matvec, A const: dy[%d]", i);
    ad_check(buf, dy[i], t, dir_fd(matvec_row, z, zv, N * N + N));
  }
  /* w . (A v) = (A^T w) . v */
  for (i = 0; i < N; ++i) {
    gy[i] = W[i];
    gx[i] = 0;
  }
  __ad_autodiff((void *)matvec, ad_const, A0, ad_dup, x, gx, ad_dup, y, gy, N);
  e = r = 0;
  for (i = 0; i < N; ++i) {
    e += W[i] * dy[i];
    r += gx[i] * V[i];
  }
  ad_check_eq("matvec: forward = reverse . v", e, r);

  /* y = A x, A dup: dy = dA x + A v. */
  memcpy(zv, DA, sizeof DA);
  for (i = 0; i < N; ++i)
    dy[i] = -99;
  __ad_fwddiff((void *)matvec, ad_dup, A0, DA, ad_dup, x, vx, ad_dup, y, dy, N);
  for (i = 0; i < N; ++i) {
    double t = 0;
    for (j = 0; j < N; ++j)
      t += DA[i * N + j] * X0[j] + A0[i * N + j] * V[j];
    ROW = i;
    snprintf(buf, sizeof buf, "matvec, A dup: dy[%d]", i);
    ad_check(buf, dy[i], t, dir_fd(matvec_row, z, zv, N * N + N));
  }
  ad_check_eq("matvec: dA unchanged", memcmp(DA, zv, sizeof DA) == 0, 1);

  /* In place: x[i] = x[i]^2, dx[i] = 2 x[i] dx[i]. */
  d = __ad_fwddiff((void *)square_inplace, ad_dup, x, vx, (int)ad_opaque(N));
  ad_check_eq("square_inplace returns 0", d, 0);
  for (i = 0; i < N; ++i) {
    snprintf(buf, sizeof buf, "square_inplace x[%d]", i);
    ad_check_eq(buf, x[i], X0[i] * X0[i]);
    snprintf(buf, sizeof buf, "square_inplace dx[%d]", i);
    ROW = i;
    ad_check(buf, vx[i], 2 * X0[i] * V[i], dir_fd(square_row, X0, V, N));
  }

  /* In place running product: tangents by the product rule, in order. */
  {
    double p[N], t[N];
    memcpy(x, X0, sizeof x);
    memcpy(vx, V, sizeof vx);
    p[0] = X0[0];
    t[0] = V[0];
    for (i = 1; i < N; ++i) {
      p[i] = X0[i] * p[i - 1];
      t[i] = V[i] * p[i - 1] + X0[i] * t[i - 1];
    }
    d = __ad_fwddiff((void *)cumprod, ad_dup, x, vx, N);
    ROW = N - 1;
    ad_check("cumprod result", d, t[N - 1], dir_fd(cumprod_row, X0, V, N));
    for (i = 0; i < N; ++i) {
      ROW = i;
      snprintf(buf, sizeof buf, "cumprod x[%d]", i);
      ad_check_eq(buf, x[i], p[i]);
      snprintf(buf, sizeof buf, "cumprod dx[%d]", i);
      ad_check(buf, vx[i], t[i], dir_fd(cumprod_row, X0, V, N));
    }
  }
  return ad_check_report();
}
