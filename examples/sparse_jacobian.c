/* A sparse Jacobian with ADPass (docs/higher-order.md): Newton's method on
 * a discretized reaction-diffusion equation, u'' + lambda e^u = 0 on n
 * points. The Jacobian's pattern is detected once (a dependency sweep),
 * colored once (3 colors: it is tridiagonal), then each Newton step takes
 * the sparse Jacobian in one vector forward call and solves with it. The
 * entries are checked against finite differences of the residual, and
 * Newton must converge quadratically.
 * Build: ad-clang -O2 sparse_jacobian.c -o sparse_jacobian -lm */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

// docs/higher-order.md
#include <ad_higher.h>

enum { N = 200 };

/* The residual F(u) of the discretized equation, u = 0 at both ends. */
static void residual(const double *u, double *f) {
  const double h2 = 1.0 / ((N + 1.0) * (N + 1.0)), lambda = 2.0;
  for (int i = 0; i < N; ++i) {
    double left = i > 0 ? u[i - 1] : 0, right = i + 1 < N ? u[i + 1] : 0;
    f[i] = (left - 2 * u[i] + right) / h2 + lambda * exp(u[i]);
  }
}
AD_DEFINE_JACOBIAN_PATTERN(residual_pattern, residual)
AD_DEFINE_SPARSE_JACOBIAN(residual_jacobian, residual)

static int rowptr[N + 1], colidx[3 * N], color[N], ncolors;
static double values[3 * N], work[AD_JACOBIAN_WORK(N, N)];

/* Once: the pattern at a point that takes every branch, and its coloring. */
static int prepare(const double *u) {
  double f[N];
  int iwork[AD_COLORING_WORK(N, 3 * N)];
  int nnz = residual_pattern(u, N, f, N, rowptr, colidx, 3 * N, work);
  if (nnz > 3 * N)
    return -1; /* not tridiagonal: a bigger colidx would be needed */
  ncolors = ad_color_columns(N, N, rowptr, colidx, color, iwork);
  return nnz;
}

/* Solves J d = -f for the tridiagonal J held in CSR (Thomas algorithm). */
static void solve(const double *f, double *d) {
  double c[N], g[N];
  for (int i = 0; i < N; ++i) {
    double lower = 0, diag = 0, upper = 0;
    for (int k = rowptr[i]; k < rowptr[i + 1]; ++k) {
      if (colidx[k] == i - 1)
        lower = values[k];
      else if (colidx[k] == i)
        diag = values[k];
      else
        upper = values[k];
    }
    double m = diag - (i ? lower * c[i - 1] : 0);
    c[i] = upper / m;
    g[i] = (-f[i] - (i ? lower * g[i - 1] : 0)) / m;
  }
  for (int i = N - 1; i >= 0; --i)
    d[i] = g[i] - (i + 1 < N ? c[i] * d[i + 1] : 0);
}

/* One Newton step: the sparse Jacobian (one vector call), then the solve.
 * Returns |F(u)| before the step. */
static double newton_step(double *u) {
  double f[N], d[N], norm = 0;
  residual_jacobian(u, N, f, N, rowptr, colidx, color, ncolors, values, work);
  solve(f, d);
  for (int i = 0; i < N; ++i) {
    u[i] += d[i];
    norm += f[i] * f[i];
  }
  return sqrt(norm);
}
// end of docs/higher-order.md example

int main(void) {
  double u[N] = {0};
  int nnz = prepare(u);
  printf("pattern: %d nonzeros (3n - 2 = %d), %d colors\n", nnz, 3 * N - 2,
         ncolors);
  int ok = nnz == 3 * N - 2 && ncolors == 3;

  /* The entries at u = 0.1 sin(i) against central differences. */
  double v[N], f[N], fp[N], fm[N], worst = 0;
  for (int i = 0; i < N; ++i)
    v[i] = 0.1 * sin(i);
  residual_jacobian(v, N, f, N, rowptr, colidx, color, ncolors, values, work);
  for (int c = 0; c < N; c += 37) {
    double h = 1e-6, keep = v[c];
    v[c] = keep + h;
    residual(v, fp);
    v[c] = keep - h;
    residual(v, fm);
    v[c] = keep;
    for (int r = 0; r < N; ++r)
      for (int k = rowptr[r]; k < rowptr[r + 1]; ++k)
        if (colidx[k] == c) {
          double fd = (fp[r] - fm[r]) / (2 * h);
          double e = fabs(values[k] - fd) / (1 + fabs(fd));
          worst = e > worst ? e : worst;
        }
  }
  printf("largest relative difference from finite differences: %.2e\n", worst);
  ok &= worst < 1e-5;

  double r = 0;
  for (int it = 0; it < 8; ++it) {
    r = newton_step(u);
    printf("Newton step %d: |F(u)| = %.3e\n", it, r);
  }
  printf("u at the middle: %.10f\n", u[N / 2]);
  ok &= r < 1e-8;
  printf(ok ? "sparse Jacobian and Newton: ok\n" : "FAILED\n");
  return !ok;
}
