// The C helpers of ad_higher.h: the dense Hessian of Rosenbrock (n = 10) by
// Hessian-vector products, with a caller's work array, against the analytic
// one; Jacobians of a 3 x 3 function (forward sweeps, work allocated by the
// helper) and of a 2 x 4 one (reverse sweeps, the caller's work) against
// analytic ones.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include <ad_higher.h>
#include <math.h>
#include <stdio.h>
static double rosen(const double *x, int n) {
  double s = 0;
  for (int i = 0; i + 1 < n; ++i) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}
AD_DEFINE_HESSIAN(rosen_d2, rosen)
static void model(const double *x, double *y) {
  y[0] = x[0] * x[1] + sin(x[2]);
  y[1] = exp(x[0]) - x[2] * x[2];
  y[2] = x[1] / (1 + x[0] * x[0]);
}
static void wide(const double *x, double *y) { // 2 outputs, 4 inputs
  y[0] = x[0] * x[1] * x[2] * x[3];
  y[1] = x[0] + 2 * x[1] - sin(x[3]);
}
AD_DEFINE_JACOBIAN(model_jac, model)
AD_DEFINE_JACOBIAN(wide_jac, wide)
int main(void) {
  enum { N = 10 };
  double x[N], h[N * N], work[AD_HESSIAN_WORK(N)];
  for (int i = 0; i < N; ++i)
    x[i] = 0.1 * i - 0.3;
  rosen_d2_hessian(x, h, N, work);
  int bad = 0;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      double e = 0;
      if (i == j)
        e = (i + 1 < N ? 1200 * x[i] * x[i] - 400 * x[i + 1] + 2 : 0) +
            (i > 0 ? 200 : 0);
      if (j == i + 1 || i == j + 1)
        e = -400 * x[i < j ? i : j];
      if (fabs(h[i * N + j] - e) > 1e-9) {
        bad = 1;
        printf("H %d %d %g %g\n", i, j, h[i * N + j], e);
      }
    }
  double y[3], jm[9], xm[3] = {0.5, -1.2, 0.8};
  model_jac(xm, 3, y, 3, jm, NULL);
  double je[9] = {xm[1],
                  xm[0],
                  cos(xm[2]),
                  exp(xm[0]),
                  0,
                  -2 * xm[2],
                  -xm[1] * 2 * xm[0] /
                      ((1 + xm[0] * xm[0]) * (1 + xm[0] * xm[0])),
                  1 / (1 + xm[0] * xm[0]),
                  0};
  for (int k = 0; k < 9; ++k)
    if (fabs(jm[k] - je[k]) > 1e-12) {
      bad = 1;
      printf("J %d %g %g\n", k, jm[k], je[k]);
    }
  double xw[4] = {1.5, -0.5, 2, 0.3}, yw[2], jw[8], ww[6];
  wide_jac(xw, 4, yw, 2, jw, ww);
  double jwe[8] = {xw[1] * xw[2] * xw[3],
                   xw[0] * xw[2] * xw[3],
                   xw[0] * xw[1] * xw[3],
                   xw[0] * xw[1] * xw[2],
                   1,
                   2,
                   0,
                   -cos(xw[3])};
  for (int k = 0; k < 8; ++k)
    if (fabs(jw[k] - jwe[k]) > 1e-12) {
      bad = 1;
      printf("Jw %d %g %g\n", k, jw[k], jwe[k]);
    }
  printf(bad ? "FAIL\n" : "ok\n");
  return bad;
}
