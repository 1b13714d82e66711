// Level-1 BLAS (dot, nrm2, asum, axpy, scal, copy, swap) through CBLAS and
// Fortran, double and float: increments of both signs and larger than one,
// alpha active or constant, one operand in constant memory. Gradients
// against the loops' and finite differences; tangents against gradients.
// RUN: %clang -O0 -I%S/Inputs %s -o %t0 %blas_ref && %t0
// RUN: %clang -O1 -I%S/Inputs %s -o %t1 %openblas && %t1
// RUN: %clang -O2 -I%S/Inputs %s -o %t2 %blas_ref && %t2
// RUN: %clang -O3 -I%S/Inputs %s -o %t3 %openblas && %t3
// RUN: %clang -O2 -DFORTRAN -I%S/Inputs %s -o %t4 %openblas && %t4
// RUN: %clang -O1 -DSINGLE -I%S/Inputs %s -o %t5 %blas_ref && %t5
// RUN: %clang -O3 -DSINGLE -DFORTRAN -I%S/Inputs %s -o %t6 %blas_ref && %t6
#include "blas_harness.h"

enum { N = 4, X0 = 2, Y0 = 20 };
/* Increment pairs; nrm2, asum and scal take the positive ones (libraries
 * differ on the others). */
static const int IncX[] = {1, 2, 1, 3, -1, 2, -2};
static const int IncY[] = {1, 1, 3, -2, 2, -1, -3};
static const real Fixed[16] = {0.5, -0.25, 1.0,  0.75, -1.5, 0.2,  0.1, -0.3,
                               0.4, 0.6,   -0.7, 0.8,  0.9,  -1.1, 0.3, 0.2};

#define PAIR(NAME, BODY)                                                       \
  static real NAME(const real *p, real *w, int cfg) {                          \
    for (int i = 0; i < NP; i++)                                               \
      w[i] = p[i];                                                             \
    int ix = IncX[cfg], iy = IncY[cfg];                                        \
    real r = 0, al = w[0];                                                     \
    (void)ix, (void)iy, (void)al;                                              \
    BODY;                                                                      \
    return loss_of(w, r * r);                                                  \
  }

PAIR(dot_b, r = DOT(N, w + X0, ix, w + Y0, iy))
PAIR(dot_l, r = dot_loop(N, w + X0, ix, w + Y0, iy))
PAIR(dot_fixed_b, r = DOT(N, Fixed, ix, w + Y0, iy))
PAIR(dot_fixed_l, r = dot_loop(N, Fixed, ix, w + Y0, iy))
PAIR(nrm2_b, r = NRM2(N, w + X0, ix < 0 ? -ix : ix))
PAIR(nrm2_l, r = nrm2_loop(N, w + X0, ix < 0 ? -ix : ix))
PAIR(asum_b, r = ASUM(N, w + X0, ix < 0 ? -ix : ix))
PAIR(asum_l, r = asum_loop(N, w + X0, ix < 0 ? -ix : ix))
PAIR(axpy_b, AXPY(N, al, w + X0, ix, w + Y0, iy))
PAIR(axpy_l, axpy_loop(N, al, w + X0, ix, w + Y0, iy))
PAIR(axpy_c_b, AXPY(N, 2.5, w + X0, ix, w + Y0, iy))
PAIR(axpy_c_l, axpy_loop(N, 2.5, w + X0, ix, w + Y0, iy))
PAIR(axpy_fixed_b, AXPY(N, al, Fixed, ix, w + Y0, iy))
PAIR(axpy_fixed_l, axpy_loop(N, al, Fixed, ix, w + Y0, iy))
PAIR(scal_b, SCAL(N, al, w + X0, ix < 0 ? -ix : ix))
PAIR(scal_l, scal_loop(N, al, w + X0, ix < 0 ? -ix : ix))
PAIR(scal_c_b, SCAL(N, -1.5, w + X0, ix < 0 ? -ix : ix))
PAIR(scal_c_l, scal_loop(N, -1.5, w + X0, ix < 0 ? -ix : ix))
PAIR(copy_b, COPY(N, w + X0, ix, w + Y0, iy))
PAIR(copy_l, copy_loop(N, w + X0, ix, w + Y0, iy))
PAIR(copy_fixed_b, COPY(N, Fixed, ix, w + Y0, iy))
PAIR(copy_fixed_l, copy_loop(N, Fixed, ix, w + Y0, iy))
PAIR(swap_b, SWAP(N, w + X0, ix, w + Y0, iy))
PAIR(swap_l, swap_loop(N, w + X0, ix, w + Y0, iy))
/* A chain: the result of one call scales the next. */
PAIR(chain_b, {
  real d = DOT(N, w + X0, ix, w + Y0, iy);
  AXPY(N, d, w + Y0, iy, w + X0, ix);
  r = NRM2(N, w + X0, 1);
})
PAIR(chain_l, {
  real d = dot_loop(N, w + X0, ix, w + Y0, iy);
  axpy_loop(N, d, w + Y0, iy, w + X0, ix);
  r = nrm2_loop(N, w + X0, 1);
})

int main(void) {
  for (int cfg = 0; cfg < (int)(sizeof IncX / sizeof *IncX); cfg++) {
    CHECK_CASE("dot", dot_b, dot_l, cfg);
    CHECK_CASE("dot constant x", dot_fixed_b, dot_fixed_l, cfg);
    CHECK_CASE("nrm2", nrm2_b, nrm2_l, cfg);
    CHECK_CASE("asum", asum_b, asum_l, cfg);
    CHECK_CASE("axpy", axpy_b, axpy_l, cfg);
    CHECK_CASE("axpy constant alpha", axpy_c_b, axpy_c_l, cfg);
    CHECK_CASE("axpy constant x", axpy_fixed_b, axpy_fixed_l, cfg);
    CHECK_CASE("scal", scal_b, scal_l, cfg);
    CHECK_CASE("scal constant alpha", scal_c_b, scal_c_l, cfg);
    CHECK_CASE("copy", copy_b, copy_l, cfg);
    CHECK_CASE("copy constant x", copy_fixed_b, copy_fixed_l, cfg);
    CHECK_CASE("swap", swap_b, swap_l, cfg);
    CHECK_CASE("dot, axpy, nrm2", chain_b, chain_l, cfg);
  }
  return ad_check_report();
}
