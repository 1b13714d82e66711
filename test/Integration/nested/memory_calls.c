// Hessian-vector products of a function with memory and calls: a heap
// temporary (malloc/free), an in-place recurrence in a while loop whose trip
// count is known only when it ends (its inner tape grows), a noinline
// callee with libm inside, and a copy loop. Forward over reverse and
// reverse over forward, against finite differences of the gradient along v
// and against each other; the tape of the inner sweep and its deferred
// frees must not leak (valgrind).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include <ad.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) static double step(double y, double a) {
  return y - 0.1 * sin(a * y);
}

static double f(double *x, int n) {
  double *t = malloc(n * sizeof(double));
  for (int i = 0; i < n; ++i)
    t[i] = x[i];
  double s = 0;
  int k = 0;
  while (s < 3.0) {
    for (int i = 0; i < n; ++i)
      t[i] = step(t[i], x[(i + k) % n]);
    s += 0.37 + 0.01 * (k % 2);
    ++k;
  }
  double r = 0;
  for (int i = 0; i < n; ++i)
    r += t[i] * t[i] * x[i];
  free(t);
  return r;
}

static void grad(double *x, double *g, int n) {
  for (int i = 0; i < n; ++i)
    g[i] = 0;
  __ad_autodiff((void *)f, ad_dup, x, g, ad_const, n);
}

static double dirf(double *x, double *v, int n) {
  return __ad_fwddiff((void *)f, ad_dup, x, v, ad_const, n);
}

int main(void) {
  enum { N = 6 };
  double x[N] = {0.3, -0.7, 1.1, 0.4, 0.9, -0.25},
         v[N] = {1, 0.5, -1, 0.25, -0.6, 0.8};
  double g[N], hv[N], hv2[N] = {0};
  __ad_fwddiff((void *)grad, ad_dup, x, v, ad_dup, g, hv, ad_const, N);
  __ad_autodiff((void *)dirf, ad_dup, x, hv2, ad_const, v, ad_const, N);
  double h = 1e-6, xp[N], xm[N], gp[N], gm[N], g0[N];
  for (int i = 0; i < N; ++i)
    xp[i] = x[i] + h * v[i], xm[i] = x[i] - h * v[i];
  grad(xp, gp, N);
  grad(xm, gm, N);
  grad(x, g0, N);
  int failed = 0;
  for (int i = 0; i < N; ++i) {
    double fd = (gp[i] - gm[i]) / (2 * h);
    if (fabs(hv[i] - fd) > 1e-6 * (1 + fabs(fd)) ||
        fabs(hv[i] - hv2[i]) > 1e-12 * (1 + fabs(fd)) || g[i] != g0[i]) {
      printf("FAIL [%d]: fwd/rev %.15g rev/fwd %.15g fd %.15g; g %.17g vs "
             "%.17g\n",
             i, hv[i], hv2[i], fd, g[i], g0[i]);
      failed = 1;
    }
  }
  if (!failed)
    printf("nested with memory and calls: ok\n");
  return failed;
}
