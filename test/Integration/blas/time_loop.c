// BLAS calls inside a loop whose operands the loop overwrites: the reverse
// sweep reads each iteration's operands from packed copies kept on the tape
// (gemv's matrix, rescaled in place by scal every step; scal's own input).
// Gradients against the loops' and finite differences; tangents.
// RUN: %clang -O0 -I%S/Inputs %s -o %t0 %blas_ref && %t0
// RUN: %clang -O1 -I%S/Inputs %s -o %t1 %openblas && %t1
// RUN: %clang -O2 -I%S/Inputs %s -o %t2 %blas_ref && %t2
// RUN: %clang -O3 -I%S/Inputs %s -o %t3 %openblas && %t3
// RUN: %clang -O2 -DFORTRAN -I%S/Inputs %s -o %t4 %openblas && %t4
// RUN: %clang -O3 -DSINGLE -I%S/Inputs %s -o %t5 %blas_ref && %t5
#include "blas_harness.h"

enum { A0 = 2, X0 = 20, Y0 = 30 };

#define STEPS(NAME, GEMV_, SCAL_, DOT_)                                        \
  static real NAME(const real *p, real *w, int cfg) {                          \
    for (int i = 0; i < NP; i++)                                               \
      w[i] = p[i];                                                             \
    real r = 0;                                                                \
    for (int t = 0; t < 2 + cfg; t++) {                                        \
      GEMV_(ColMajor, t & 1, 4, 4, w[0], w + A0, 4, w + X0, 1, 0.0, w + Y0,    \
            1);                                                                \
      for (int i = 0; i < 4; i++)                                              \
        w[X0 + i] = tanh(w[Y0 + i]);                                           \
      SCAL_(16, w[1], w + A0, 1);                                              \
      r += DOT_(4, w + X0, 1, w + A0 + t, 4);                                  \
    }                                                                          \
    return loss_of(w, r);                                                      \
  }
STEPS(steps_b, GEMV, SCAL, DOT)
STEPS(steps_l, gemv_loop, scal_loop, dot_loop)

int main(void) {
  for (int cfg = 0; cfg < 4; cfg++)
    CHECK_CASE("time steps", steps_b, steps_l, cfg);
  return ad_check_report();
}
