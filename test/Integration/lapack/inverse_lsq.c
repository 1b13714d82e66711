// Inverses and least squares through LAPACKE and Fortran, double and float,
// reference LAPACK and OpenBLAS: getri after getrf (a matrix that needs row
// interchanges), potri after potrf (both triangles), gels over- and
// underdetermined, transposed or not, in row and column major with padded
// leading dimensions; the matrix active or constant. Gradients against
// finite differences and against the same loss through other LAPACK
// routines (the inverse as the solution of A X = I; least squares through
// the normal equations' Cholesky factor); tangents against the gradients.
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
#define LD 6
#define NRHS 2
enum { A0 = 0, B0 = 40 };

/* cfg: bit 0 row major, bit 1 transposed (gels) or upper (potri), bit 2
 * constant matrix, bit 3 wide (gels: fewer rows than columns). */
static int layout(int cfg) {
  return HAS_ROW_MAJOR && (cfg & 1) ? RowMajor : ColMajor;
}

static const real Fixed[5 * 5] = {
    0.2, 2.0,  -0.3, 0.5,  0.4, 1.5, 0.1, 0.7, -0.4, 0.3,  -0.3, 0.9, 0.05,
    2.2, -0.6, 0.6,  -1.4, 0.3, 0.1, 0.8, 1.1, 0.2,  -0.5, 0.3,  1.7};

/* An m x n matrix from p (or fixed), with a shifted diagonal that makes LU
 * pivot and keeps full rank. */
static void build(const real *p, real *a, int lay, int m, int n, int fixed) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      MAT(a, lay, LD, i, j) =
          fixed ? Fixed[i * 5 + j]
                : p[i * 5 + j] + (i == (j + 1) % m ? (real)2.5 : 0);
}

/* ---- getri --------------------------------------------------------------- */

static real inverse_lu(const real *p, real *w, int cfg) {
  int lay = layout(cfg), ipiv[N];
  build(p, w + A0, lay, N, N, cfg & 4);
  GETRF(lay, N, N, w + A0, LD, ipiv);
  GETRI(lay, N, w + A0, LD, ipiv);
  return loss_mat(w + A0, lay, LD, N, N, 1);
}

/* The same inverse as the solution of A X = I. */
static real inverse_gesv(const real *p, real *w, int cfg) {
  int lay = layout(cfg), ipiv[N];
  build(p, w + B0, lay, N, N, cfg & 4);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      MAT(w + A0, lay, LD, i, j) = i == j;
  GESV(lay, N, N, w + B0, LD, ipiv, w + A0, LD);
  return loss_mat(w + A0, lay, LD, N, N, 1);
}

/* ---- potri --------------------------------------------------------------- */

/* A symmetric positive definite A = S S^T + 3 I from p. */
static void build_spd(const real *p, real *a, int lay, int fixed) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      real s = i == j ? 3 : 0;
      for (int k = 0; k < N; k++)
        s += (fixed ? Fixed[i * 5 + k] * Fixed[j * 5 + k]
                    : p[i * 5 + k] * p[j * 5 + k]);
      MAT(a, lay, LD, i, j) = s;
    }
}

/* A loss of the triangle (lower or upper) of a matrix. */
static real loss_triangle(const real *a, int lay, int lower) {
  real s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      if (lower ? i >= j : i <= j)
        s += loss_of(&MAT(a, lay, LD, i, j), 1, 2 + i + 3 * j);
  return s;
}

static real inverse_chol(const real *p, real *w, int cfg) {
  int lay = layout(cfg);
  const char *up = cfg & 2 ? "U" : "L";
  build_spd(p, w + A0, lay, cfg & 4);
  POTRF(lay, up, N, w + A0, LD);
  POTRI(lay, up, N, w + A0, LD);
  return loss_triangle(w + A0, lay, !(cfg & 2));
}

/* The same triangle of the inverse from potrs on the identity. */
static real inverse_potrs(const real *p, real *w, int cfg) {
  int lay = layout(cfg);
  const char *up = cfg & 2 ? "U" : "L";
  build_spd(p, w + A0, lay, cfg & 4);
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      MAT(w + B0, lay, LD, i, j) = i == j;
  POTRF(lay, up, N, w + A0, LD);
  POTRS(lay, up, N, N, w + A0, LD, w + B0, LD);
  return loss_triangle(w + B0, lay, !(cfg & 2));
}

/* ---- gels ---------------------------------------------------------------- */

/* A is m x n (5 x 3, or 3 x 5 when wide); op(A) x = b with b from p. */
static void lsq_shape(int cfg, int *m, int *n, int *p, int *q) {
  *m = cfg & 8 ? 3 : 5;
  *n = cfg & 8 ? 5 : 3;
  *p = cfg & 2 ? *n : *m;
  *q = cfg & 2 ? *m : *n;
}

static real least_squares(const real *p, real *w, int cfg) {
  int lay = layout(cfg), m, n, rows, cols;
  lsq_shape(cfg, &m, &n, &rows, &cols);
  build(p, w + A0, lay, m, n, cfg & 4);
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < NRHS; j++)
      MAT(w + B0, lay, LD, i, j) = p[30 + i * NRHS + j];
  GELS(lay, cfg & 2 ? "T" : "N", m, n, NRHS, w + A0, LD, w + B0, LD);
  return loss_mat(w + B0, lay, LD, cols, NRHS, 3);
}

/* The same solution from the Cholesky factor of the Gram matrix of op(A)'s
 * short side: x = G^-1 op(A)^T b (overdetermined) or op(A)^T G^-1 b. */
static real least_squares_normal(const real *p, real *w, int cfg) {
  int lay = layout(cfg), m, n, rows, cols;
  lsq_shape(cfg, &m, &n, &rows, &cols);
  int over = rows >= cols, k = over ? cols : rows;
  real a[LD * 5], g[LD * LD], v[LD * NRHS], x[5 * NRHS];
  build(p, a, ColMajor, m, n, cfg & 4);
#define OP(i, j) (cfg & 2 ? a[(j) + (i)*LD] : a[(i) + (j)*LD])
  for (int i = 0; i < k; i++)
    for (int j = 0; j < k; j++) {
      real s = 0;
      for (int t = 0; t < (over ? rows : cols); t++)
        s += over ? OP(t, i) * OP(t, j) : OP(i, t) * OP(j, t);
      g[i + j * LD] = s;
    }
  for (int r = 0; r < NRHS; r++)
    for (int i = 0; i < k; i++) {
      real s = 0;
      if (over)
        for (int t = 0; t < rows; t++)
          s += OP(t, i) * p[30 + t * NRHS + r];
      else
        s = p[30 + i * NRHS + r];
      v[i + r * LD] = s;
    }
  POTRF(ColMajor, "L", k, g, LD);
  POTRS(ColMajor, "L", k, NRHS, g, LD, v, LD);
  for (int r = 0; r < NRHS; r++)
    for (int i = 0; i < cols; i++) {
      real s = 0;
      if (over)
        s = v[i + r * LD];
      else
        for (int t = 0; t < rows; t++)
          s += OP(t, i) * v[t + r * LD];
      x[i + r * 5] = s;
    }
#undef OP
  for (int i = 0; i < cols; i++)
    for (int j = 0; j < NRHS; j++)
      MAT(w + B0, lay, LD, i, j) = x[i + j * 5];
  return loss_mat(w + B0, lay, LD, cols, NRHS, 3);
}

int main(void) {
  for (int cfg = 0; cfg < 16; cfg++) {
    if (!HAS_ROW_MAJOR && (cfg & 1))
      continue;
    if (cfg < 8 && !(cfg & 2))
      CHECK_CASE_LOOP("getri", inverse_lu, inverse_gesv, cfg);
    if (cfg < 8)
      CHECK_CASE_LOOP("potri", inverse_chol, inverse_potrs, cfg);
    CHECK_CASE_LOOP("gels", least_squares, least_squares_normal, cfg);
  }
  return ad_check_report();
}
