// A typical Enzyme example: the gradient of a least-squares loss
// L(A, x) = 1/2 |A x - b|^2 (A row-major m x n) with __enzyme_autodiff,
// declared with a fixed prototype as Enzyme's examples do (markers passed as
// ints), w.r.t. both A and x (enzyme_dup) with b and the sizes constant;
// then a second, variadic declaration seeding only x; then the forward
// derivative of the matrix-vector product y = A x (a void function writing
// its output) with __enzyme_fwddiff: dy = A dx + dA x.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_dup, enzyme_const, enzyme_dupnoneed;
void __enzyme_autodiff(void *, int, const double *, double *, int,
                       const double *, double *, int, const double *, int, int,
                       int, int);
double __enzyme_autodiff_v(void *, ...);
void __enzyme_fwddiff(void *, ...);

enum { M = 3, N = 4 };
static const double B[M] = {1.0, -0.5, 2.0};

static void matvec(const double *A, const double *x, double *y, int m, int n) {
  for (int i = 0; i < m; i++) {
    double s = 0;
    for (int j = 0; j < n; j++)
      s += A[i * n + j] * x[j];
    y[i] = s;
  }
}

static double loss(const double *A, const double *x, const double *b, int m,
                   int n) {
  double y[M], l = 0;
  matvec(A, x, y, m, n);
  for (int i = 0; i < m; i++)
    l += 0.5 * (y[i] - b[i]) * (y[i] - b[i]);
  return l;
}

static double A0[M * N] = {0.5,  -1.0, 2.0,  0.3, 1.5, 0.2,
                           -0.7, 1.1,  -0.4, 0.9, 0.6, -1.3};
static double wrap_x(const double *x) { return loss(A0, x, B, M, N); }
static double wrap_A(const double *A) {
  const double x[N] = {0.8, -0.6, 1.2, 0.4};
  return loss(A, x, B, M, N);
}

int main(void) {
  double x[N] = {0.8, -0.6, 1.2, 0.4};
  double dA[M * N] = {0}, dx[N] = {0};
  __enzyme_autodiff((void *)loss, enzyme_dup, A0, dA, enzyme_dup, x, dx,
                    enzyme_const, B, enzyme_const, M, enzyme_const, N);
  double r[M];
  matvec(A0, x, r, M, N);
  for (int i = 0; i < M; i++)
    r[i] -= B[i];
  for (int j = 0; j < N; j++) {
    double ref = 0;
    for (int i = 0; i < M; i++)
      ref += A0[i * N + j] * r[i];
    ad_check("dL/dx", dx[j], ref, ad_fdn(wrap_x, x, N, j));
  }
  for (int k = 0; k < M * N; k += 5)
    ad_check("dL/dA", dA[k], r[k / N] * x[k % N], ad_fdn(wrap_A, A0, M * N, k));

  /* Variadic declaration, A constant: only dx accumulates (+= on 1.0). */
  for (int j = 0; j < N; j++)
    dx[j] = 1.0;
  __enzyme_autodiff_v((void *)loss, enzyme_const, A0, enzyme_dup, x, dx,
                      enzyme_const, B, M, N);
  double ref0 = A0[0] * r[0] + A0[N] * r[1] + A0[2 * N] * r[2];
  ad_check("dL/dx0 accumulated", dx[0] - 1.0, ref0, ad_fdn(wrap_x, x, N, 0));

  /* Forward: y = A x, tangent direction dA = E_{1,2}, dx = e_3. */
  double y[M], dy[M] = {0}, dA2[M * N] = {0}, dx2[N] = {0, 0, 0, 1.0};
  dA2[1 * N + 2] = 1.0;
  __enzyme_fwddiff((void *)matvec, enzyme_dup, A0, dA2, enzyme_dup, x, dx2,
                   enzyme_dupnoneed, y, dy, M, N);
  for (int i = 0; i < M; i++)
    ad_check_eq("forward dy", dy[i], A0[i * N + 3] + (i == 1 ? x[2] : 0.0));
  return ad_check_report();
}
