// Matrix-vector products: y = A x written through an output pointer (one
// version accumulating into y[i] in the inner loop, one into a local), with
// gradients w.r.t. the matrix and the vector; and the quadratic form x'Ax.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define M 3
#define N 4

/* y[i] is written n + 1 times. */
void matvec(const double *a, const double *x, double *y, int m, int n) {
  for (int i = 0; i < m; ++i) {
    y[i] = 0;
    for (int j = 0; j < n; ++j)
      y[i] += a[i * n + j] * x[j];
  }
}

void matvec_local(const double *a, const double *x, double *y, int m, int n) {
  for (int i = 0; i < m; ++i) {
    double s = 0;
    for (int j = 0; j < n; ++j)
      s += a[i * n + j] * x[j];
    y[i] = s;
  }
}

double quad(const double *a, const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      s += x[i] * a[i * n + j] * x[j];
  return s;
}

static double g_a[M * N], g_x[N], g_w[M], g_q[N * N];
static double mv_w(const double *a, const double *x) {
  double y[M], s = 0;
  int i;
  matvec(a, x, y, M, N);
  for (i = 0; i < M; ++i)
    s += g_w[i] * y[i];
  return s;
}
static double mv_a(const double *a) { return mv_w(a, g_x); }
static double mv_x(const double *x) { return mv_w(g_a, x); }
static double quad_a(const double *a) { return quad(a, g_x, N); }
static double quad_x(const double *x) { return quad(g_q, x, N); }

int main(void) {
  double da[M * N], dx[N], y[M], dy[M], ea[M * N], ex[N];
  double dq[N * N] = {0}, eq[N * N];
  int i, j, v;
  char name[64];

  for (i = 0; i < M * N; ++i)
    g_a[i] = sin(1.0 + i) + 0.1 * i;
  for (j = 0; j < N; ++j)
    g_x[j] = 0.5 - 0.3 * j;
  for (i = 0; i < M; ++i)
    g_w[i] = 1.0 + 0.5 * i;
  for (i = 0; i < M; ++i)
    for (j = 0; j < N; ++j)
      ea[i * N + j] = g_w[i] * g_x[j];
  for (j = 0; j < N; ++j) {
    ex[j] = 0;
    for (i = 0; i < M; ++i)
      ex[j] += g_w[i] * g_a[i * N + j];
  }

  for (v = 0; v < 2; ++v) {
    const char *fn = v ? "matvec_local" : "matvec";
    for (i = 0; i < M * N; ++i)
      da[i] = 0;
    for (j = 0; j < N; ++j)
      dx[j] = 0;
    for (i = 0; i < M; ++i) {
      dy[i] = g_w[i];
      y[i] = 0;
    }
    if (v)
      __ad_autodiff((void *)matvec_local, ad_dup, g_a, da, ad_dup, g_x, dx,
                    ad_dup, y, dy, M, N);
    else
      __ad_autodiff((void *)matvec, ad_dup, g_a, da, ad_dup, g_x, dx, ad_dup, y,
                    dy, (int)ad_opaque(M), (int)ad_opaque(N));
    printf("%s\n", fn);
    lfd_check_all("dA", da, ea, mv_a, g_a, M * N);
    lfd_check_all("dx", dx, ex, mv_x, g_x, N);
    for (i = 0; i < M; ++i) {
      double r = 0;
      for (j = 0; j < N; ++j)
        r += g_a[i * N + j] * g_x[j];
      snprintf(name, sizeof name, "y[%d] written", i);
      ad_check_eq(name, y[i], r);
      snprintf(name, sizeof name, "dy[%d] consumed", i);
      ad_check_eq(name, dy[i], 0.0);
    }
  }

  /* x'Qx: dQ_ij = x_i x_j, dx = (Q + Q') x. */
  for (i = 0; i < N * N; ++i)
    g_q[i] = cos(0.7 * i) + (i % (N + 1) == 0 ? 2.0 : 0.0);
  for (i = 0; i < N; ++i) {
    dx[i] = 0;
    ex[i] = 0;
    for (j = 0; j < N; ++j) {
      eq[i * N + j] = g_x[i] * g_x[j];
      ex[i] += (g_q[i * N + j] + g_q[j * N + i]) * g_x[j];
    }
  }
  __ad_autodiff((void *)quad, ad_dup, g_q, dq, ad_dup, g_x, dx, N);
  lfd_check_all("quad dQ", dq, eq, quad_a, g_q, N * N);
  lfd_check_all("quad dx", dx, ex, quad_x, g_x, N);
  return ad_check_report();
}
