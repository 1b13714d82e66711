// Nested derivatives of a function that grows a heap buffer with realloc
// (1, 2, 4, 8 elements). The inner derivative's shadow realloc keeps its old
// block (the inner reverse sweep reads it; the inner tangent frees it
// itself): the outer derivative must not free that block's shadow a second
// time (it did, at the realloc and again at the block's own free: "double
// free" in reverse over forward, forward over reverse and its vector form).
// H v, H e1 and the dense Hessian (8 lanes) against the analytic Hessian and
// finite differences of the gradient; valgrind-clean.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// RUN: %valgrind %t0
// RUN: %valgrind %t2
#include <ad.h>
#include <ad_higher.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 7 };

// f = sum_k x_k^2 x_{k+1} (cyclic), the squares pushed into a growing buffer.
static double f(const double *x, int n) {
  int cap = 1, len = 0;
  double *buf = malloc(sizeof(double));
  for (int k = 0; k < n; k++) {
    if (len == cap) {
      cap *= 2;
      buf = realloc(buf, cap * sizeof(double));
    }
    buf[len++] = x[k] * x[k];
  }
  double s = 0;
  for (int k = 0; k < n; k++)
    s += buf[k] * x[(k + 1) % n];
  free(buf);
  return s;
}

static void grad(const double *x, double *g, int n) {
  for (int i = 0; i < n; i++)
    g[i] = 0;
  __ad_autodiff((void *)f, ad_dup, x, g, ad_const, n);
}

AD_DEFINE_HESSIAN(fh, f)

static double dirf(const double *x, const double *v, int n) {
  return __ad_fwddiff((void *)f, ad_dup, x, v, ad_const, n);
}

// (H v)_i = 2 x_{i+1} v_i + 2 x_i v_{i+1} + 2 x_{i-1} v_{i-1}.
static double hv_exact(const double *x, const double *v, int i) {
  int p = (i + 1) % N, m = (i + N - 1) % N;
  return 2 * x[p] * v[i] + 2 * x[i] * v[p] + 2 * x[m] * v[m];
}

static int check(const char *what, const double *got, const double *x,
                 const double *v) {
  int bad = 0;
  double h = 1e-6, xp[N], xm[N], gp[N], gm[N];
  for (int i = 0; i < N; i++) {
    xp[i] = x[i] + h * v[i];
    xm[i] = x[i] - h * v[i];
  }
  grad(xp, gp, N);
  grad(xm, gm, N);
  for (int i = 0; i < N; i++) {
    double want = hv_exact(x, v, i), fd = (gp[i] - gm[i]) / (2 * h);
    if (fabs(got[i] - want) > 1e-12 * (1 + fabs(want)) ||
        fabs(fd - want) > 1e-6 * (1 + fabs(want))) {
      printf("%s[%d]: %g, want %g (fd %g)\n", what, i, got[i], want, fd);
      bad = 1;
    }
  }
  return bad;
}

int main(void) {
  double x[N], v[N], e1[N] = {0, 1}, g[N], r[N] = {0}, hv[N], hv1[N];
  for (int i = 0; i < N; i++) {
    x[i] = 0.5 + 0.3 * i;
    v[i] = 1.0 - 0.2 * i;
  }
  int bad = 0;
  // Reverse over forward: the gradient of x -> f'(x) v.
  __ad_autodiff((void *)dirf, ad_dup, x, r, ad_const, v, ad_const, N);
  bad |= check("rev-over-fwd", r, x, v);
  // Forward over reverse: the tangent of the gradient.
  __ad_fwddiff((void *)grad, ad_dup, x, v, ad_dup, g, hv, ad_const, N);
  bad |= check("fwd-over-rev", hv, x, v);
  // The same, two directions at once.
  __ad_fwddiff((void *)grad, ad_width, 2, ad_dup, x, v, e1, ad_dup, g, hv, hv1,
               ad_const, N);
  bad |= check("fwd-over-rev lane 0", hv, x, v);
  bad |= check("fwd-over-rev lane 1", hv1, x, e1);
  // The dense Hessian helper (vector forward over reverse, 8 lanes).
  double h[N * N];
  fh_hessian(x, h, N, NULL);
  for (int j = 0; j < N; j++) {
    double ej[N] = {0}, col[N];
    ej[j] = 1;
    for (int i = 0; i < N; i++)
      col[i] = h[i * N + j];
    bad |= check("hessian column", col, x, ej);
  }
  if (!bad)
    printf("ok\n");
  return bad;
}
