// Nested derivatives in every order, on a loop with transcendental calls
// (f = sum tanh(x_i x_{i+1}) + x_i^3/3): forward over reverse (H v),
// reverse over forward (the gradient of f'(x) v, also H v), forward over
// forward (v^T H w) and reverse over reverse (the gradient of g(x) . w, H w),
// against the analytic Hessian; and Hessian-vector products of Rosenbrock
// with n = 2, 10 and 100 by forward over reverse, against the analytic one.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include <ad.h>
#include <math.h>
#include <stdio.h>

static int failed = 0;
static void check(const char *what, int i, double got, double want) {
  if (fabs(got - want) > 1e-10 * (1 + fabs(want))) {
    printf("FAIL %s[%d]: got %.15g, want %.15g\n", what, i, got, want);
    failed = 1;
  }
}

static double f(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    double a = x[i] * x[(i + 1) % n];
    s += tanh(a) + x[i] * x[i] * x[i] / 3;
  }
  return s;
}

static void grad_rev(const double *x, double *g, int n) {
  for (int i = 0; i < n; ++i)
    g[i] = 0;
  __ad_autodiff((void *)f, ad_dup, x, g, ad_const, n);
}

static double dir_fwd(const double *x, const double *v, int n) {
  return __ad_fwddiff((void *)f, ad_dup, x, v, ad_const, n);
}

static double dir2(const double *x, const double *v, const double *w, int n) {
  return __ad_fwddiff((void *)dir_fwd, ad_dup, x, w, ad_const, v, ad_const, n);
}

static double gdotw(const double *x, const double *w, int n) {
  double g[16];
  grad_rev(x, g, n);
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += g[i] * w[i];
  return s;
}

enum { N = 5 };

static void hessian_f(const double *x, double h[N][N]) {
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      h[i][j] = 0;
  for (int i = 0; i < N; ++i) {
    int j = (i + 1) % N;
    double t = tanh(x[i] * x[j]), s2 = 1 - t * t, d2 = -2 * t * s2;
    h[i][i] += d2 * x[j] * x[j] + 2 * x[i];
    h[j][j] += d2 * x[i] * x[i];
    h[i][j] += d2 * x[i] * x[j] + s2;
    h[j][i] += d2 * x[i] * x[j] + s2;
  }
}

static double rosen(const double *x, int n) {
  double s = 0;
  for (int i = 0; i + 1 < n; ++i) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}

static void rosen_grad(const double *x, double *g, int n) {
  for (int i = 0; i < n; ++i)
    g[i] = 0;
  __ad_autodiff((void *)rosen, ad_dup, x, g, ad_const, n);
}

static void rosen_hvp(int n) {
  double x[100], v[100], g[100], hv[100];
  for (int i = 0; i < n; ++i) {
    x[i] = 0.8 + 0.37 * sin(1.7 * i);
    v[i] = cos(0.9 * i);
  }
  __ad_fwddiff((void *)rosen_grad, ad_dup, x, v, ad_dup, g, hv, ad_const, n);
  for (int i = 0; i < n; ++i) {
    double e = 0;
    if (i + 1 < n)
      e += (1200 * x[i] * x[i] - 400 * x[i + 1] + 2) * v[i] -
           400 * x[i] * v[i + 1];
    if (i > 0)
      e += 200 * v[i] - 400 * x[i - 1] * v[i - 1];
    check(n == 2 ? "rosen2" : n == 10 ? "rosen10" : "rosen100", i, hv[i], e);
    double ge =
        (i + 1 < n ? -400 * x[i] * (x[i + 1] - x[i] * x[i]) - 2 * (1 - x[i])
                   : 0) +
        (i > 0 ? 200 * (x[i] - x[i - 1] * x[i - 1]) : 0);
    check("rosen gradient", i, g[i], ge);
  }
}

int main(void) {
  double x[N] = {0.3, -0.7, 1.1, 0.4, -0.2}, v[N] = {1, 0.5, -1, 0.25, 2},
         w[N] = {-0.5, 1, 0.3, 0.7, -1.2};
  double h[N][N], hv[N] = {0}, hw[N] = {0}, vhw = 0;
  hessian_f(x, h);
  for (int i = 0; i < N; ++i) {
    for (int j = 0; j < N; ++j)
      hv[i] += h[i][j] * v[j], hw[i] += h[i][j] * w[j];
    vhw += v[i] * hw[i];
  }

  double g[N], gt[N];
  __ad_fwddiff((void *)grad_rev, ad_dup, x, v, ad_dup, g, gt, ad_const, N);
  for (int i = 0; i < N; ++i)
    check("forward over reverse", i, gt[i], hv[i]);

  double dx[N] = {0};
  __ad_autodiff((void *)dir_fwd, ad_dup, x, dx, ad_const, v, ad_const, N);
  for (int i = 0; i < N; ++i)
    check("reverse over forward", i, dx[i], hv[i]);

  check("forward over forward", 0, dir2(x, v, w, N), vhw);

  double ex[N] = {0};
  __ad_autodiff((void *)gdotw, ad_dup, x, ex, ad_const, w, ad_const, N);
  for (int i = 0; i < N; ++i)
    check("reverse over reverse", i, ex[i], hw[i]);

  rosen_hvp(2);
  rosen_hvp(10);
  rosen_hvp(100);
  if (!failed)
    printf("nested orders: ok\n");
  return failed;
}
