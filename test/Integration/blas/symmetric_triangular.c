// symv, trmv, trsv, symm, syrk, syr2k, trmm, trsm through CBLAS and Fortran,
// double and float: both layouts, both triangles, transposed or not, unit
// diagonals, both sides, increments of both signs, padded leading
// dimensions, alpha and beta active (beta = 0 too), constant matrices.
// Gradients against the loops' and finite differences; tangents against
// gradients. Elements outside the triangle a routine reads keep their
// adjoints (the loss reads all of the memory).
// RUN: %clang -O0 -I%S/Inputs %s -o %t0 %openblas && %t0
// RUN: %clang -O1 -I%S/Inputs %s -o %t1 %blas_ref && %t1
// RUN: %clang -O2 -I%S/Inputs %s -o %t2 %openblas && %t2
// RUN: %clang -O3 -I%S/Inputs %s -o %t3 %blas_ref && %t3
// RUN: %clang -O3 -DFORTRAN -I%S/Inputs %s -o %t4 %openblas && %t4
// RUN: %clang -O2 -DSINGLE -I%S/Inputs %s -o %t5 %openblas && %t5
// RUN: %clang -O1 -DSINGLE -DFORTRAN -I%S/Inputs %s -o %t6 %blas_ref && %t6
#include "blas_harness.h"
#include "blas_structured.h"

#define LD 5
enum { A0 = 2, B0 = 30, C0 = 60, X0 = 60, Y0 = 75 };
static const int IncX[] = {1, 2, -1, -3};
static const int IncY[] = {1, -2, 3, -1};
/* A constant, well conditioned matrix (diagonal 2). */
static const real Fixed[LD * LD] = {2,   0.5,  -0.25, 1.0,  0,   0.75, 2,
                                    0.2, 0.1,  0,     -0.3, 0.4, 2,    0.6,
                                    0,   -0.7, 0.8,   0.9,  2,   0};

/* cfg: bit 0 row major, 1 transposed, 2 lower, 3 unit diagonal (triangular)
 * or beta = 0 (symmetric), 4 left side, bits 5-6 the increments. The
 * diagonal of the active matrix is moved away from zero for the solves. */
#define CASE(NAME, CALL)                                                       \
  static real NAME(const real *p, real *w, int cfg) {                          \
    for (int i = 0; i < NP; i++)                                               \
      w[i] = p[i];                                                             \
    int t = (cfg >> 1) & 1, lo = (cfg >> 2) & 1, un = (cfg >> 3) & 1,          \
        le = (cfg >> 4) & 1, ix = IncX[cfg >> 5], iy = IncY[cfg >> 5];         \
    real al = w[0], be = un ? 0 : w[1];                                        \
    (void)t, (void)lo, (void)le, (void)ix, (void)iy, (void)al, (void)be;       \
    for (int i = 0; i < 4; i++)                                                \
      w[A0 + i * (LD + 1)] += 2;                                               \
    if (HAS_ROW_MAJOR && (cfg & 1))                                            \
      CALL(RowMajor);                                                          \
    else                                                                       \
      CALL(ColMajor);                                                          \
    return loss_of(w, 0);                                                      \
  }
#define PAIR(NAME)                                                             \
  CASE(NAME##_b, B_##NAME)                                                     \
  CASE(NAME##_l, L_##NAME)

#define SYMV_ARGS(lay) lay, lo, 4, al, w + A0, LD, w + X0, ix, be, w + Y0, iy
#define SYMV_CONST_ARGS(lay)                                                   \
  lay, lo, 4, 0.75, Fixed, LD, w + X0, ix, -1.5, w + Y0, iy
#define TRV_ARGS(lay) lay, lo, t, un, 4, w + A0, LD, w + X0, ix
#define TRV_CONST_ARGS(lay) lay, lo, t, un, 4, Fixed, LD, w + X0, ix
#define SYMM_ARGS(lay)                                                         \
  lay, le, lo, 3, 4, al, w + A0, LD, w + B0, LD, be, w + C0, LD
#define SYRK_ARGS(lay) lay, lo, t, 4, 3, al, w + A0, LD, be, w + C0, LD
#define SYR2K_ARGS(lay)                                                        \
  lay, lo, t, 4, 3, al, w + A0, LD, w + B0, LD, be, w + C0, LD
#define TRM_ARGS(lay) lay, le, lo, t, un, 3, 4, al, w + A0, LD, w + B0, LD
#define TRM_CONST_ARGS(lay)                                                    \
  lay, le, lo, t, un, 3, 4, 0.75, Fixed, LD, w + B0, LD

/* Expands the argument list before the call. */
#define APPLY(F, ...) F(__VA_ARGS__)
#define B_symv(lay) APPLY(SYMV, SYMV_ARGS(lay))
#define L_symv(lay) APPLY(symv_loop, SYMV_ARGS(lay))
#define B_symv_const(lay) APPLY(SYMV, SYMV_CONST_ARGS(lay))
#define L_symv_const(lay) APPLY(symv_loop, SYMV_CONST_ARGS(lay))
#define B_trmv(lay) APPLY(TRMV, TRV_ARGS(lay))
#define L_trmv(lay) APPLY(trmv_loop, TRV_ARGS(lay))
#define B_trsv(lay) APPLY(TRSV, TRV_ARGS(lay))
#define L_trsv(lay) APPLY(trsv_loop, TRV_ARGS(lay))
#define B_trsv_const(lay) APPLY(TRSV, TRV_CONST_ARGS(lay))
#define L_trsv_const(lay) APPLY(trsv_loop, TRV_CONST_ARGS(lay))
#define B_symm(lay) APPLY(SYMM, SYMM_ARGS(lay))
#define L_symm(lay) APPLY(symm_loop, SYMM_ARGS(lay))
#define B_syrk(lay) APPLY(SYRK, SYRK_ARGS(lay))
#define L_syrk(lay) APPLY(syrk_loop, SYRK_ARGS(lay))
#define B_syr2k(lay) APPLY(SYR2K, SYR2K_ARGS(lay))
#define L_syr2k(lay) APPLY(syr2k_loop2, SYR2K_ARGS(lay))
#define B_trmm(lay) APPLY(TRMM, TRM_ARGS(lay))
#define L_trmm(lay) APPLY(trmm_loop, TRM_ARGS(lay))
#define B_trsm(lay) APPLY(TRSM, TRM_ARGS(lay))
#define L_trsm(lay) APPLY(trsm_loop, TRM_ARGS(lay))
#define B_trsm_const(lay) APPLY(TRSM, TRM_CONST_ARGS(lay))
#define L_trsm_const(lay) APPLY(trsm_loop, TRM_CONST_ARGS(lay))
PAIR(symv)
PAIR(symv_const)
PAIR(trmv)
PAIR(trsv)
PAIR(trsv_const)
PAIR(symm)
PAIR(syrk)
PAIR(syr2k)
PAIR(trmm)
PAIR(trsm)
PAIR(trsm_const)

int main(void) {
  for (int cfg = 0; cfg < 128; cfg++) {
    if (!HAS_ROW_MAJOR && (cfg & 1))
      continue;
    if (!(cfg & 16)) { /* vectors: no side */
      if (!(cfg & 2)) {
        CHECK_CASE("symv", symv_b, symv_l, cfg);
        CHECK_CASE("symv constant A", symv_const_b, symv_const_l, cfg);
      }
      CHECK_CASE("trmv", trmv_b, trmv_l, cfg);
      CHECK_CASE("trsv", trsv_b, trsv_l, cfg);
      CHECK_CASE("trsv constant A", trsv_const_b, trsv_const_l, cfg);
    }
    if (cfg >= 32)
      continue; /* matrices: no increments */
    if (!(cfg & 2))
      CHECK_CASE("symm", symm_b, symm_l, cfg);
    if (!(cfg & 16)) {
      CHECK_CASE("syrk", syrk_b, syrk_l, cfg);
      CHECK_CASE("syr2k", syr2k_b, syr2k_l, cfg);
    }
    CHECK_CASE("trmm", trmm_b, trmm_l, cfg);
    CHECK_CASE("trsm", trsm_b, trsm_l, cfg);
    CHECK_CASE("trsm constant A and alpha", trsm_const_b, trsm_const_l, cfg);
  }
  return ad_check_report();
}
