// BLAS calls in split mode: __ad_augmentfwd runs the forward sweep, the
// caller then overwrites the matrix and the vector the adjoints need, and
// __ad_reverse still gets the gradient of the original evaluation: the
// forward sweep kept its own copies (the reverse sweep runs later, so every
// operand outside the function's stack may have changed). Checked against
// the combined gradient.
// RUN: %clang -O0 -I%S/Inputs %s -o %t0 %blas_ref && %t0
// RUN: %clang -O2 -I%S/Inputs %s -o %t2 %openblas && %t2
// RUN: %clang -O2 -DFORTRAN -I%S/Inputs %s -o %t3 %blas_ref && %t3
#include "blas_harness.h"

void *__ad_augmentfwd(void *, ...);
double __ad_reverse(void *, ...);

static double f(const real *A, const real *x, real *y) {
  GEMV(ColMajor, 0, 3, 4, 1.5, A, 3, x, 1, 0.0, y, 1);
  GEMM(ColMajor, 1, 0, 2, 2, 3, 0.5, A, 3, A, 3, 0.0, y + 3, 2);
  double s = 0;
  for (int i = 0; i < 7; i++)
    s += sin(y[i]) * (i + 1);
  return s + DOT(4, x, 1, x, 1);
}

int main(void) {
  real A[12], x[4], y[7], dA[12] = {0}, dx[4] = {0}, dy[7] = {0};
  real gA[12] = {0}, gx[4] = {0}, gy[7] = {0};
  for (int i = 0; i < 12; i++)
    A[i] = (real)(0.1 * i - 0.4);
  for (int i = 0; i < 4; i++)
    x[i] = (real)(0.3 * i + 0.2);
  __ad_autodiff((void *)f, ad_dup, A, gA, ad_dup, x, gx, ad_dup, y, gy);
  void *tape =
      __ad_augmentfwd((void *)f, ad_dup, A, dA, ad_dup, x, dx, ad_dup, y, dy);
  for (int i = 0; i < 12; i++) /* the caller moves on */
    A[i] = 7;
  for (int i = 0; i < 4; i++)
    x[i] = -3;
  for (int i = 0; i < 7; i++)
    dy[i] = 0;
  __ad_reverse((void *)f, ad_dup, A, dA, ad_dup, x, dx, ad_dup, y, dy, tape);
  for (int i = 0; i < 12; i++)
    ad_check_eq("dA", dA[i], gA[i]);
  for (int i = 0; i < 4; i++)
    ad_check_eq("dx", dx[i], gx[i]);
  return ad_check_report();
}
