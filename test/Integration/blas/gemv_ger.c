// gemv and ger through CBLAS and Fortran, double and float: both layouts,
// transposed or not, increments of both signs, padded leading dimensions,
// alpha and beta active (beta = 0 too) or constant, the matrix in constant
// memory. Gradients against the loops' and finite differences; tangents.
// RUN: %clang -O0 -I%S/Inputs %s -o %t0 %openblas && %t0
// RUN: %clang -O1 -I%S/Inputs %s -o %t1 %blas_ref && %t1
// RUN: %clang -O2 -I%S/Inputs %s -o %t2 %openblas && %t2
// RUN: %clang -O3 -I%S/Inputs %s -o %t3 %blas_ref && %t3
// RUN: %clang -O3 -DFORTRAN -I%S/Inputs %s -o %t4 %openblas && %t4
// RUN: %clang -O2 -DSINGLE -DFORTRAN -I%S/Inputs %s -o %t5 %blas_ref && %t5
#include "blas_harness.h"

#define LD 5
enum { A0 = 2, X0 = 30, Y0 = 45 };
static const int IncX[] = {1, 2, -1, -2};
static const int IncY[] = {1, -2, 3, -1};
static const real Fixed[LD * LD] = {0.5,  -0.25, 1.0, 0.75, -1.5, 0.2, 0.1,
                                    -0.3, 0.4,   0.6, -0.7, 0.8,  0.9, -1.1};

/* cfg: bit 0 row major, bit 1 transposed, bit 2 beta = 0, bits 3-4 the
 * increments. */
#define CASE(NAME, CALL)                                                       \
  static real NAME(const real *p, real *w, int cfg) {                          \
    for (int i = 0; i < NP; i++)                                               \
      w[i] = p[i];                                                             \
    int t = (cfg >> 1) & 1, ix = IncX[cfg >> 3], iy = IncY[cfg >> 3];          \
    real al = w[0], be = (cfg & 4) ? 0 : w[1];                                 \
    (void)t, (void)al, (void)be;                                               \
    if (HAS_ROW_MAJOR && (cfg & 1))                                            \
      CALL(RowMajor);                                                          \
    else                                                                       \
      CALL(ColMajor);                                                          \
    return loss_of(w, 0);                                                      \
  }
#define GEMV_ACTIVE(lay, F)                                                    \
  F(lay, t, 3, 4, al, w + A0, LD, w + X0, ix, be, w + Y0, iy)
#define GEMV_CONST(lay, F)                                                     \
  F(lay, t, 4, 2, -0.75, w + A0, LD, w + X0, ix, 1.0, w + Y0, iy)
#define GEMV_FIXED(lay, F)                                                     \
  F(lay, t, 3, 4, al, Fixed, LD, w + X0, ix, be, w + Y0, iy)
#define GER_ACTIVE(lay, F) F(lay, 3, 4, al, w + X0, ix, w + Y0, iy, w + A0, LD)
#define GER_CONST(lay, F) F(lay, 4, 2, 2.0, w + X0, ix, Fixed, iy, w + A0, LD)

#define B_GEMV_ACTIVE(lay) GEMV_ACTIVE(lay, GEMV)
#define L_GEMV_ACTIVE(lay) GEMV_ACTIVE(lay, gemv_loop)
#define B_GEMV_CONST(lay) GEMV_CONST(lay, GEMV)
#define L_GEMV_CONST(lay) GEMV_CONST(lay, gemv_loop)
#define B_GEMV_FIXED(lay) GEMV_FIXED(lay, GEMV)
#define L_GEMV_FIXED(lay) GEMV_FIXED(lay, gemv_loop)
#define B_GER_ACTIVE(lay) GER_ACTIVE(lay, GER)
#define L_GER_ACTIVE(lay) GER_ACTIVE(lay, ger_loop)
#define B_GER_CONST(lay) GER_CONST(lay, GER)
#define L_GER_CONST(lay) GER_CONST(lay, ger_loop)
CASE(gemv_active_b, B_GEMV_ACTIVE)
CASE(gemv_active_l, L_GEMV_ACTIVE)
CASE(gemv_const_b, B_GEMV_CONST)
CASE(gemv_const_l, L_GEMV_CONST)
CASE(gemv_fixed_b, B_GEMV_FIXED)
CASE(gemv_fixed_l, L_GEMV_FIXED)
CASE(ger_active_b, B_GER_ACTIVE)
CASE(ger_active_l, L_GER_ACTIVE)
CASE(ger_const_b, B_GER_CONST)
CASE(ger_const_l, L_GER_CONST)

int main(void) {
  for (int cfg = 0; cfg < 32; cfg++) {
    if (!HAS_ROW_MAJOR && (cfg & 1))
      continue;
    CHECK_CASE("gemv", gemv_active_b, gemv_active_l, cfg);
    CHECK_CASE("gemv constant scalars", gemv_const_b, gemv_const_l, cfg);
    CHECK_CASE("gemv constant A", gemv_fixed_b, gemv_fixed_l, cfg);
    if (cfg & 6)
      continue; /* ger has no transposition nor beta */
    CHECK_CASE("ger", ger_active_b, ger_active_l, cfg);
    CHECK_CASE("ger constant alpha and y", ger_const_b, ger_const_l, cfg);
  }
  return ad_check_report();
}
