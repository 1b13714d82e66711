// LAPACK calls in split mode: __ad_augmentfwd runs the forward sweep
// (Cholesky factor and solve, then an LU solve of the same matrix and an
// eigendecomposition), the caller overwrites every array, and __ad_reverse
// still gets the gradient of the original evaluation from the results the
// forward sweep kept. Checked against the combined gradient.
// RUN: %clang -O0 -I%S/Inputs %s -o %t0 %lapack_ref && %t0
// RUN: %clang -O2 -I%S/Inputs %s -o %t2 %lapack_openblas && %t2
// RUN: %clang -O2 -DFORTRAN -I%S/Inputs %s -o %t3 %lapack_ref && %t3
#include "lapack_harness.h"

void *__ad_augmentfwd(void *, ...);
double __ad_reverse(void *, ...);

#define N 3

/* A (N x N, SPD) is factored in place: a copy C goes through LU and S
 * through the eigensolver. */
static double f(real *A, real *b, real *c, real *C, real *S, real *w) {
  int ipiv[N];
  for (int i = 0; i < N * N; i++)
    C[i] = S[i] = A[i];
  for (int i = 0; i < N; i++)
    c[i] = b[i];
  POTRF(ColMajor, "L", N, A, N);
  POTRS(ColMajor, "L", N, 1, A, N, b, N);
  GESV(ColMajor, N, 1, C, N, ipiv, c, N);
  SYEV(ColMajor, "V", "U", N, S, N, w);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += sin(b[i]) * (i + 1) + c[i] * c[i] + w[i] * w[i] * w[i] +
         S[i] * S[i] * (i + 2);
  for (int i = 0; i < N * N; i++)
    s += A[i] * (real)0.1 * (i % 4) + C[i] * (real)0.05 * (i % 3);
  return s;
}

static void init(real *A, real *b) {
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < N; j++)
      A[i + j * N] = (real)(i == j ? 3 + i : 0.3 + 0.1 * (i + j));
    b[i] = (real)(0.5 - 0.3 * i);
  }
}

int main(void) {
  real A[N * N], b[N], c[N], C[N * N], S[N * N], w[N];
  real dA[N * N] = {0}, db[N] = {0}, dc[N] = {0}, dC[N * N] = {0};
  real dS[N * N] = {0}, dw[N] = {0};
  real gA[N * N] = {0}, gb[N] = {0};
  init(A, b);
  __ad_autodiff((void *)f, ad_dup, A, gA, ad_dup, b, gb, ad_dup, c, dc, ad_dup,
                C, dC, ad_dup, S, dS, ad_dup, w, dw);
  init(A, b);
  memset(dc, 0, sizeof dc), memset(dC, 0, sizeof dC);
  memset(dS, 0, sizeof dS), memset(dw, 0, sizeof dw);
  void *tape =
      __ad_augmentfwd((void *)f, ad_dup, A, dA, ad_dup, b, db, ad_dup, c, dc,
                      ad_dup, C, dC, ad_dup, S, dS, ad_dup, w, dw);
  for (int i = 0; i < N * N; i++) /* the caller moves on */
    A[i] = C[i] = S[i] = 7;
  for (int i = 0; i < N; i++)
    b[i] = c[i] = w[i] = -3;
  __ad_reverse((void *)f, ad_dup, A, dA, ad_dup, b, db, ad_dup, c, dc, ad_dup,
               C, dC, ad_dup, S, dS, ad_dup, w, dw, tape);
  for (int i = 0; i < N * N; i++)
    ad_check("dA", dA[i], gA[i], gA[i]);
  for (int i = 0; i < N; i++)
    ad_check("db", db[i], gb[i], gb[i]);
  return ad_check_report();
}
