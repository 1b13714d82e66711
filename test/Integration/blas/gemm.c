// gemm through CBLAS and Fortran, double and float, reference BLAS and
// OpenBLAS: every layout and transposition, leading dimensions larger than
// the matrices, alpha and beta active (beta = 0 too) or constant, in place
// (C is read and written), and an operand in constant memory (no product
// for it). Gradients against the loops' and finite differences; tangents.
// RUN: %clang -O0 -I%S/Inputs %s -o %t0 %blas_ref && %t0
// RUN: %clang -O1 -I%S/Inputs %s -o %t1 %openblas && %t1
// RUN: %clang -O2 -I%S/Inputs %s -o %t2 %blas_ref && %t2
// RUN: %clang -O3 -I%S/Inputs %s -o %t3 %openblas && %t3
// RUN: %clang -O2 -DFORTRAN -I%S/Inputs %s -o %t4 %blas_ref && %t4
// RUN: %clang -O0 -DFORTRAN -I%S/Inputs %s -o %t5 %openblas && %t5
// RUN: %clang -O2 -DSINGLE -I%S/Inputs %s -o %t6 %openblas && %t6
// RUN: %clang -O1 -DSINGLE -DFORTRAN -I%S/Inputs %s -o %t7 %blas_ref && %t7
#include "blas_harness.h"

#define LD 5 /* >= every dimension: padding between columns */
enum { A0 = 2, B0 = 27, C0 = 52 };
static const real Fixed[LD * LD] = {0.5,  -0.25, 1.0, 0.75, -1.5, 0.2, 0.1,
                                    -0.3, 0.4,   0.6, -0.7, 0.8,  0.9, -1.1};

#define GEMM_CASE(NAME, CALL)                                                  \
  static real NAME(const real *p, real *w, int cfg) {                          \
    for (int i = 0; i < NP; i++)                                               \
      w[i] = p[i];                                                             \
    int ta = (cfg >> 1) & 1, tb = (cfg >> 2) & 1;                              \
    real al = w[0], be = (cfg & 8) ? 0 : w[1];                                 \
    (void)al, (void)be, (void)ta, (void)tb;                                    \
    if (HAS_ROW_MAJOR && (cfg & 1))                                            \
      CALL(RowMajor);                                                          \
    else                                                                       \
      CALL(ColMajor);                                                          \
    return loss_of(w, 0);                                                      \
  }
#define ACTIVE(lay, F)                                                         \
  F(lay, ta, tb, 3, 4, 2, al, w + A0, LD, w + B0, LD, be, w + C0, LD)
#define CONSTANT(lay, F)                                                       \
  F(lay, ta, tb, 3, 4, 2, 2.0, w + A0, LD, w + B0, LD, 1.0, w + C0, LD)
#define FIXED_A(lay, F)                                                        \
  F(lay, ta, tb, 3, 4, 2, al, Fixed, LD, w + B0, LD, 0.0, w + C0, LD)
#define FIXED_B(lay, F)                                                        \
  F(lay, ta, tb, 2, 3, 4, al, w + A0, LD, Fixed, LD, be, w + C0, LD)

#define ACTIVE_BLAS(lay) ACTIVE(lay, GEMM)
#define ACTIVE_LOOP(lay) ACTIVE(lay, gemm_loop)
#define CONSTANT_BLAS(lay) CONSTANT(lay, GEMM)
#define CONSTANT_LOOP(lay) CONSTANT(lay, gemm_loop)
#define FIXED_A_BLAS(lay) FIXED_A(lay, GEMM)
#define FIXED_A_LOOP(lay) FIXED_A(lay, gemm_loop)
#define FIXED_B_BLAS(lay) FIXED_B(lay, GEMM)
#define FIXED_B_LOOP(lay) FIXED_B(lay, gemm_loop)
GEMM_CASE(gemm_active, ACTIVE_BLAS)
GEMM_CASE(gemm_active_loop, ACTIVE_LOOP)
GEMM_CASE(gemm_constant, CONSTANT_BLAS)
GEMM_CASE(gemm_constant_loop, CONSTANT_LOOP)
GEMM_CASE(gemm_fixed_a, FIXED_A_BLAS)
GEMM_CASE(gemm_fixed_a_loop, FIXED_A_LOOP)
GEMM_CASE(gemm_fixed_b, FIXED_B_BLAS)
GEMM_CASE(gemm_fixed_b_loop, FIXED_B_LOOP)

int main(void) {
  for (int cfg = 0; cfg < 16; cfg++) {
    if (!HAS_ROW_MAJOR && (cfg & 1))
      continue;
    CHECK_CASE("gemm active", gemm_active, gemm_active_loop, cfg);
    CHECK_CASE("gemm constant scalars", gemm_constant, gemm_constant_loop, cfg);
    CHECK_CASE("gemm constant A", gemm_fixed_a, gemm_fixed_a_loop, cfg);
    CHECK_CASE("gemm constant B", gemm_fixed_b, gemm_fixed_b_loop, cfg);
  }
  return ad_check_report();
}
