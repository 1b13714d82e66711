/* ADPass runtime: the adjoints and tangents of LAPACK routines.
 *
 * The LAPACK rules (plugin/Transform/Library/LapackRules.cpp) call one of
 * these per differentiated potrf, potrs, potri, getrf, getrs, getri, gesv,
 * gels or syev. Each is its routine's known matrix formula (Cholesky, LU,
 * inverse, least-squares and symmetric eigenvalue adjoints), computed with
 * BLAS products and solves (trmm, trsm, gemm) and, for an eigenproblem
 * whose vectors the call did not ask for, one syev.
 *
 * Those routines are the program's own: they are looked up by their Fortran
 * names among the libraries the program loaded (dlsym), the library that
 * also serves the user's LAPACK call, so the user links nothing more. The
 * matrices are read as stored, column or row major (LAPACKE), into
 * column-major scratch copies; the adjoints are written back in place. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void ad_lapack_fail(const char *what) {
  fprintf(stderr, "ADPass: %s\n", what);
  abort();
}

/* A BLAS or LAPACK routine of the program, by its Fortran name. */
static void *ad_lapack_symbol(const char *name) {
  void *p = dlsym(RTLD_DEFAULT, name);
  if (!p) {
    fprintf(stderr,
            "ADPass: the derivative of a LAPACK call needs the routine '%s', "
            "which no library of the program provides; link the BLAS and "
            "LAPACK that provide it (e.g. -lopenblas, or -llapack -lblas)\n",
            name);
    abort();
  }
  return p;
}

/* Element (i, j) of a matrix stored with leading dimension ld, row major
 * when rm. */
#define AD_AT(p, ld, rm, i, j) ((p)[(rm) ? (i) * (ld) + (j) : (i) + (j) * (ld)])

/* Applies the row interchanges of LU pivots (1-based, LAPACK's) to the n x
 * cols column-major m: forward (P^T m) or backward (P m). */
static void ad_lapack_swap_rows(int forward, int64_t n, const int32_t *ipiv,
                                double *md, float *mf, int64_t rows,
                                int64_t cols) {
  for (int64_t s = 0; s < n; ++s) {
    int64_t k = forward ? s : n - 1 - s, p = ipiv[k] - 1;
    if (p == k)
      continue;
    for (int64_t j = 0; j < cols; ++j) {
      if (md) {
        double t = md[k + j * rows];
        md[k + j * rows] = md[p + j * rows];
        md[p + j * rows] = t;
      } else {
        float t = mf[k + j * rows];
        mf[k + j * rows] = mf[p + j * rows];
        mf[p + j * rows] = t;
      }
    }
  }
}

#define AD_T double
#define AD_P(name) __ad_blas_d##name
#define AD_L(name) ad_lapack_d_##name
#define AD_F(name) "d" #name "_"
#define AD_SWAP(fwd, n, ipiv, m, rows, cols)                                   \
  ad_lapack_swap_rows(fwd, n, ipiv, m, 0, rows, cols)
#include "ADLapack.inc"
#include "ADLapackSolvers.inc"
#undef AD_T
#undef AD_P
#undef AD_L
#undef AD_F
#undef AD_SWAP

#define AD_T float
#define AD_P(name) __ad_blas_s##name
#define AD_L(name) ad_lapack_s_##name
#define AD_F(name) "s" #name "_"
#define AD_SWAP(fwd, n, ipiv, m, rows, cols)                                   \
  ad_lapack_swap_rows(fwd, n, ipiv, 0, m, rows, cols)
#include "ADLapack.inc"
#include "ADLapackSolvers.inc"
