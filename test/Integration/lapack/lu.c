// LU through LAPACKE and Fortran, double and float, reference LAPACK and
// OpenBLAS: getrf of a matrix that needs row interchanges (square, tall and
// wide), getrs with and
// without transposition, gesv, in row and column major with padded leading
// dimensions; the matrix active or constant. Gradients against the same
// loss through loops (LU with partial pivoting and the solves) and finite
// differences; tangents against the gradients.
// RUN: %clang -O0 -I%S/Inputs %s -o %t0 %lapack_openblas && %t0
// RUN: %clang -O1 -I%S/Inputs %s -o %t1 %lapack_ref && %t1
// RUN: %clang -O2 -I%S/Inputs %s -o %t2 %lapack_openblas && %t2
// RUN: %clang -O3 -I%S/Inputs %s -o %t3 %lapack_ref && %t3
// RUN: %clang -O2 -DFORTRAN -I%S/Inputs %s -o %t4 %lapack_openblas && %t4
// RUN: %clang -O0 -DFORTRAN -I%S/Inputs %s -o %t5 %lapack_ref && %t5
// RUN: %clang -O2 -DSINGLE -I%S/Inputs %s -o %t6 %lapack_ref && %t6
// RUN: %clang -O3 -DSINGLE -DFORTRAN -I%S/Inputs %s -o %t7 %lapack_openblas && %t7
#include "lapack_harness.h"

#define N 4
#define LD 5
#define NRHS 2
enum { A0 = 0, B0 = 40 };

static const real Fixed[N * N] = {0.2,  2.0, -0.3, 0.5, 1.5, 0.1,  0.7, -0.4,
                                  -0.3, 0.9, 0.05, 2.2, 0.6, -1.4, 0.3, 0.1};

/* cfg: bit 0 row major, bit 1 transposed solve, bit 2 constant matrix. */
static int layout(int cfg) {
  return HAS_ROW_MAJOR && (cfg & 1) ? RowMajor : ColMajor;
}

/* A small diagonal (pivoting swaps rows), B from p. */
static void build(const real *p, real *a, real *b, int lay, int fixed) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      MAT(a, lay, LD, i, j) =
          fixed ? Fixed[i * N + j]
                : p[i * N + j] + (i == (j + 1) % N ? (real)2.5 : 0);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < NRHS; j++)
      MAT(b, lay, LD, i, j) = p[20 + i * NRHS + j];
}

static real loss(const real *w, int lay) {
  return loss_mat(w + A0, lay, LD, N, N, 1) +
         loss_mat(w + B0, lay, LD, N, NRHS, 2);
}

static real lu_solve(const real *p, real *w, int cfg) {
  int lay = layout(cfg), ipiv[N];
  build(p, w + A0, w + B0, lay, cfg & 4);
  GETRF(lay, N, N, w + A0, LD, ipiv);
  GETRS(lay, cfg & 2 ? "T" : "N", N, NRHS, w + A0, LD, ipiv, w + B0, LD);
  return loss(w, lay);
}

static real gesv(const real *p, real *w, int cfg) {
  int lay = layout(cfg), ipiv[N];
  build(p, w + A0, w + B0, lay, cfg & 4);
  GESV(lay, N, NRHS, w + A0, LD, ipiv, w + B0, LD);
  return loss(w, lay);
}

/* The same with loops: LAPACK's partial pivoting, L\U in place. */
static void lu_loop(real *a, int lay, int *ipiv) {
  for (int k = 0; k < N; k++) {
    int p = k;
    for (int i = k + 1; i < N; i++)
      if (fabs(MAT(a, lay, LD, i, k)) > fabs(MAT(a, lay, LD, p, k)))
        p = i;
    ipiv[k] = p;
    for (int j = 0; j < N; j++) {
      real t = MAT(a, lay, LD, k, j);
      MAT(a, lay, LD, k, j) = MAT(a, lay, LD, p, j);
      MAT(a, lay, LD, p, j) = t;
    }
    for (int i = k + 1; i < N; i++) {
      MAT(a, lay, LD, i, k) /= MAT(a, lay, LD, k, k);
      for (int j = k + 1; j < N; j++)
        MAT(a, lay, LD, i, j) -= MAT(a, lay, LD, i, k) * MAT(a, lay, LD, k, j);
    }
  }
}

static void solve_loop(const real *a, int lay, const int *ipiv, real *b,
                       int trans) {
  for (int r = 0; r < NRHS; r++) {
#define B_(i) MAT(b, lay, LD, i, r)
    if (!trans) {
      for (int k = 0; k < N; k++) {
        real t = B_(k);
        B_(k) = B_(ipiv[k]);
        B_(ipiv[k]) = t;
      }
      for (int i = 0; i < N; i++)
        for (int k = 0; k < i; k++)
          B_(i) -= MAT(a, lay, LD, i, k) * B_(k);
      for (int i = N - 1; i >= 0; i--) {
        for (int k = i + 1; k < N; k++)
          B_(i) -= MAT(a, lay, LD, i, k) * B_(k);
        B_(i) /= MAT(a, lay, LD, i, i);
      }
    } else {
      for (int i = 0; i < N; i++) {
        for (int k = 0; k < i; k++)
          B_(i) -= MAT(a, lay, LD, k, i) * B_(k);
        B_(i) /= MAT(a, lay, LD, i, i);
      }
      for (int i = N - 1; i >= 0; i--)
        for (int k = i + 1; k < N; k++)
          B_(i) -= MAT(a, lay, LD, k, i) * B_(k);
      for (int k = N - 1; k >= 0; k--) {
        real t = B_(k);
        B_(k) = B_(ipiv[k]);
        B_(ipiv[k]) = t;
      }
    }
#undef B_
  }
}

static real lu_solve_loop(const real *p, real *w, int cfg) {
  int lay = layout(cfg), ipiv[N];
  build(p, w + A0, w + B0, lay, cfg & 4);
  lu_loop(w + A0, lay, ipiv);
  solve_loop(w + A0, lay, ipiv, w + B0, cfg & 2);
  return loss(w, lay);
}

static real gesv_loop(const real *p, real *w, int cfg) {
  int lay = layout(cfg), ipiv[N];
  build(p, w + A0, w + B0, lay, cfg & 4);
  lu_loop(w + A0, lay, ipiv);
  solve_loop(w + A0, lay, ipiv, w + B0, 0);
  return loss(w, lay);
}

/* The factors alone. */
static real factors(const real *p, real *w, int cfg) {
  int lay = layout(cfg), ipiv[N];
  build(p, w + A0, w + B0, lay, 0);
  GETRF(lay, N, N, w + A0, LD, ipiv);
  return loss_mat(w + A0, lay, LD, N, N, 3);
}

/* The factors of a tall (5 x 3) or wide (3 x 5, cfg bit 3) matrix. */
static real factors_rect(const real *p, real *w, int cfg) {
  int lay = layout(cfg), m = cfg & 8 ? 3 : 5, n = cfg & 8 ? 5 : 3, ipiv[3];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      MAT(w + A0, lay, LD, i, j) =
          p[i * 5 + j] + (i == (j + 1) % m ? (real)2.5 : 0);
  GETRF(lay, m, n, w + A0, LD, ipiv);
  return loss_mat(w + A0, lay, LD, m, n, 4);
}

int main(void) {
  for (int cfg = 0; cfg < 10; cfg += cfg == 1 ? 7 : 1)
    if (HAS_ROW_MAJOR || !(cfg & 1))
      CHECK_CASE("getrf rectangular", factors_rect, cfg);
  for (int cfg = 0; cfg < 8; cfg++) {
    if (!HAS_ROW_MAJOR && (cfg & 1))
      continue;
    CHECK_CASE_LOOP("getrf+getrs", lu_solve, lu_solve_loop, cfg);
    if (!(cfg & 2))
      CHECK_CASE_LOOP("gesv", gesv, gesv_loop, cfg);
    if (!(cfg & 6))
      CHECK_CASE("getrf", factors, cfg);
  }
  return ad_check_report();
}
