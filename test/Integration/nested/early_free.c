// Reverse over forward of a function that frees its heap temporary on two
// paths (an early return): the inner tangent frees the temporary's tangent
// block with ad_shadow_free on each path, and the outer reverse sweep,
// which reads both blocks until its end, must free them there with the
// same functions (once it freed the tangent block with delete[]: a link
// error, or a mismatched free). H v against the analytic Hessian; no leak.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t0
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include <ad.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 3 };

// f = sum_i x_i^2 x_{i+1} (cyclic) + x_0^2 below 100.
static double f(double *x, int n) {
  double *t = malloc(n * sizeof(double));
  for (int i = 0; i < n; ++i)
    t[i] = x[i] * x[i];
  double r = 0;
  for (int i = 0; i < n; ++i)
    r += t[i] * x[(i + 1) % n];
  if (r > 100) {
    free(t);
    return r;
  }
  r += t[0];
  free(t);
  return r;
}

static double dirf(double *x, double *v, int n) {
  return __ad_fwddiff((void *)f, ad_dup, x, v, ad_const, n);
}

int main(void) {
  double x[N] = {0.5, 1.5, -0.7}, v[N] = {1, 0.3, 0.2}, hv[N] = {0};
  __ad_autodiff((void *)dirf, ad_dup, x, hv, ad_const, v, ad_const, N);
  double h[N][N] = {{0}};
  for (int i = 0; i < N; ++i) {
    int j = (i + 1) % N;
    h[i][i] += 2 * x[j];
    h[i][j] += 2 * x[i];
    h[j][i] += 2 * x[i];
  }
  h[0][0] += 2;
  int failed = 0;
  for (int i = 0; i < N; ++i) {
    double e = h[i][0] * v[0] + h[i][1] * v[1] + h[i][2] * v[2];
    if (fabs(hv[i] - e) > 1e-12 * (1 + fabs(e))) {
      printf("FAIL [%d]: %.15g, want %.15g\n", i, hv[i], e);
      failed = 1;
    }
  }
  if (!failed)
    printf("reverse over forward with early frees: ok\n");
  return failed;
}
