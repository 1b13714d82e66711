// Cholesky through LAPACKE and Fortran, double and float, reference LAPACK
// and OpenBLAS: potrf on either triangle, row and column major, leading
// dimensions larger than the matrix, then potrs with two right-hand sides;
// the factor active or constant. Gradients against the same loss through
// loops (a Cholesky and two triangular solves) and finite differences;
// tangents against the gradients.
// RUN: %clang -O0 -I%S/Inputs %s -o %t0 %lapack_ref && %t0
// RUN: %clang -O1 -I%S/Inputs %s -o %t1 %lapack_openblas && %t1
// RUN: %clang -O2 -I%S/Inputs %s -o %t2 %lapack_ref && %t2
// RUN: %clang -O3 -I%S/Inputs %s -o %t3 %lapack_openblas && %t3
// RUN: %clang -O2 -DFORTRAN -I%S/Inputs %s -o %t4 %lapack_ref && %t4
// RUN: %clang -O0 -DFORTRAN -I%S/Inputs %s -o %t5 %lapack_openblas && %t5
// RUN: %clang -O2 -DSINGLE -I%S/Inputs %s -o %t6 %lapack_openblas && %t6
// RUN: %clang -O1 -DSINGLE -DFORTRAN -I%S/Inputs %s -o %t7 %lapack_ref && %t7
#include "lapack_harness.h"

#define N 4
#define LD 5 /* padding between columns (rows) */
#define NRHS 2
enum { A0 = 0, B0 = 40 };

static const real Fixed[N * N] = {4.0,  0.5, -0.3, 0.2, 0.5, 3.5,  0.1, -0.4,
                                  -0.3, 0.1, 5.0,  0.6, 0.2, -0.4, 0.6, 4.5};

/* cfg: bit 0 row major, bit 1 upper, bit 2 the factor from Fixed. */
static int layout(int cfg) {
  return HAS_ROW_MAJOR && (cfg & 1) ? RowMajor : ColMajor;
}
static const char *uplo(int cfg) { return cfg & 2 ? "U" : "L"; }

/* A = M M^T + 3 I (all of it stored), B from p. */
static void build(const real *p, real *a, real *b, int lay, int fixed) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      real s = i == j ? 3 : 0;
      for (int k = 0; k < N; k++)
        s += p[i * N + k] * p[j * N + k];
      MAT(a, lay, LD, i, j) = fixed ? Fixed[i * N + j] : s;
    }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < NRHS; j++)
      MAT(b, lay, LD, i, j) = p[20 + i * NRHS + j];
}

/* The loss: every stored element of the factor's matrix (the factor, and
 * the other triangle as it was) and the solution. */
static real loss(const real *w, int lay) {
  return loss_mat(w + A0, lay, LD, N, N, 1) +
         loss_mat(w + B0, lay, LD, N, NRHS, 2);
}

static real chol(const real *p, real *w, int cfg) {
  int lay = layout(cfg);
  build(p, w + A0, w + B0, lay, cfg & 4);
  POTRF(lay, uplo(cfg), N, w + A0, LD);
  POTRS(lay, uplo(cfg), N, NRHS, w + A0, LD, w + B0, LD);
  return loss(w, lay);
}

/* The same with loops: L (or U = L^T) in the triangle, then L L^T x = b. */
static real chol_loop(const real *p, real *w, int cfg) {
  int lay = layout(cfg), up = cfg & 2;
  real *a = w + A0, *b = w + B0;
  build(p, a, b, lay, cfg & 4);
#define L_(i, j) (*(up ? &MAT(a, lay, LD, j, i) : &MAT(a, lay, LD, i, j)))
  for (int j = 0; j < N; j++) {
    real d = L_(j, j);
    for (int k = 0; k < j; k++)
      d -= L_(j, k) * L_(j, k);
    d = sqrt(d);
    L_(j, j) = d;
    for (int i = j + 1; i < N; i++) {
      real s = L_(i, j);
      for (int k = 0; k < j; k++)
        s -= L_(i, k) * L_(j, k);
      L_(i, j) = s / d;
    }
  }
  for (int r = 0; r < NRHS; r++) {
    for (int i = 0; i < N; i++) {
      real s = MAT(b, lay, LD, i, r);
      for (int k = 0; k < i; k++)
        s -= L_(i, k) * MAT(b, lay, LD, k, r);
      MAT(b, lay, LD, i, r) = s / L_(i, i);
    }
    for (int i = N - 1; i >= 0; i--) {
      real s = MAT(b, lay, LD, i, r);
      for (int k = i + 1; k < N; k++)
        s -= L_(k, i) * MAT(b, lay, LD, k, r);
      MAT(b, lay, LD, i, r) = s / L_(i, i);
    }
  }
#undef L_
  return loss(w, lay);
}

/* The factor alone. */
static real factor_only(const real *p, real *w, int cfg) {
  int lay = layout(cfg);
  build(p, w + A0, w + B0, lay, 0);
  POTRF(lay, uplo(cfg), N, w + A0, LD);
  return loss_mat(w + A0, lay, LD, N, N, 3);
}

int main(void) {
  for (int cfg = 0; cfg < 8; cfg++) {
    if (!HAS_ROW_MAJOR && (cfg & 1))
      continue;
    CHECK_CASE_LOOP("potrf+potrs", chol, chol_loop, cfg);
    if (!(cfg & 4))
      CHECK_CASE("potrf", factor_only, cfg);
  }
  return ad_check_report();
}
