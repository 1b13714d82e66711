// The common case of a solve: the matrix is data (ad_const), only the
// right-hand side is differentiated. gesv and gels then leave a factor in
// memory without a shadow, which carries no derivative (it depends on the
// matrix alone). Gradients and tangents against the analytic ones: the
// gradient of c . x with x = A^-1 b is A^-T c; for least squares,
// x = (A^T A)^-1 A^T b gives A (A^T A)^-1 c (fitting a line to three
// equally spaced points, the fit at the middle one is their mean).
// RUN: %clang -O0 %s -o %t0 %lapack_openblas && %t0 | %FileCheck %s
// RUN: %clang -O1 %s -o %t1 %lapack_ref && %t1 | %FileCheck %s
// RUN: %clang -O2 %s -o %t2 %lapack_openblas && %t2 | %FileCheck %s
// RUN: %clang -O3 -DFORTRAN %s -o %t3 %lapack_ref && %t3 | %FileCheck %s
// CHECK: gesv gradient 0.2 0.6 tangent 0.8
// CHECK: gels gradient 0.333333 0.333333 0.333333 tangent 0.333333
#include <ad.h>
#include <stdio.h>

#ifdef FORTRAN
void dgesv_(const int *, const int *, double *, const int *, int *, double *,
            const int *, int *);
void dgels_(const char *, const int *, const int *, const int *, double *,
            const int *, double *, const int *, double *, const int *, int *);
#else
int LAPACKE_dgesv(int, int, int, double *, int, int *, double *, int);
int LAPACKE_dgels(int, char, int, int, int, double *, int, double *, int);
#endif

static double solve(double *a, double *b) {
  int ipiv[2];
#ifdef FORTRAN
  int n = 2, one = 1, info;
  dgesv_(&n, &one, a, &n, ipiv, b, &n, &info);
#else
  LAPACKE_dgesv(102, 2, 1, a, 2, ipiv, b, 2);
#endif
  return b[0] + 2 * b[1];
}

/* y = c0 + c1 t at t = 0, 1, 2; returns c0 + c1 (the fit at t = 1). */
static double fit(double *a, double *b) {
#ifdef FORTRAN
  int m = 3, n = 2, one = 1, lwork = 64, info;
  double work[64];
  dgels_("N", &m, &n, &one, a, &m, b, &m, work, &lwork, &info);
#else
  LAPACKE_dgels(102, 'N', 3, 2, 1, a, 3, b, 3);
#endif
  return b[0] + b[1];
}

int main(void) {
  double a[4] = {2, 1, 1, 3}, b[2] = {1, 2}, db[2] = {0};
  __ad_autodiff((void *)solve, ad_const, a, ad_dup, b, db);
  double a2[4] = {2, 1, 1, 3}, b2[2] = {1, 2}, v[2] = {1, 1};
  double t = __ad_fwddiff((void *)solve, ad_const, a2, ad_dup, b2, v);
  printf("gesv gradient %g %g tangent %g\n", db[0], db[1], t);

  double d[6] = {1, 1, 1, 0, 1, 2}, y[3] = {1, 2.5, 2.9}, dy[3] = {0};
  __ad_autodiff((void *)fit, ad_const, d, ad_dup, y, dy);
  double d2[6] = {1, 1, 1, 0, 1, 2}, y2[3] = {1, 2.5, 2.9}, w[3] = {1, 0, 0};
  double t2 = __ad_fwddiff((void *)fit, ad_const, d2, ad_dup, y2, w);
  printf("gels gradient %.6g %.6g %.6g tangent %.6g\n", dy[0], dy[1], dy[2],
         t2);
  return 0;
}
