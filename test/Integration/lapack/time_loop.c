// LAPACK inside a time loop: implicit Euler steps (I + h K(x)) x' = x with
// a state-dependent SPD matrix K, solved by Cholesky (potrf + potrs), by LU
// (getrf + getrs) and by gesv; each step overwrites the factors, the
// pivots and the right-hand side, so the reverse sweep must read the copies
// the forward sweep kept of each step's results. The three solvers give the
// same states, so their gradients must agree; finite differences and
// tangents too.
// RUN: %clang -O0 -I%S/Inputs %s -o %t0 %lapack_openblas && %t0
// RUN: %clang -O2 -I%S/Inputs %s -o %t2 %lapack_ref && %t2
// RUN: %clang -O3 -DFORTRAN -I%S/Inputs %s -o %t3 %lapack_openblas && %t3
// RUN: %clang -O1 -DSINGLE -I%S/Inputs %s -o %t1 %lapack_ref && %t1
#include "lapack_harness.h"

#define N 4
#define STEPS 5
enum { K0 = 0, X0 = 16 };

/* K(x) = D + 0.1 x x^T (+ the parameters' symmetric part), all stored. */
static void step_matrix(const real *p, const real *x, real *k) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      real v = (i == j ? 1 + (real)0.2 * (1 + i) : 0) +
               (real)0.1 * x[i] * x[j] +
               (real)0.05 * (p[40 + i * N + j] + p[40 + j * N + i]);
      k[i + j * N] = (i == j ? 1 : 0) + (real)0.3 * v;
    }
}

static real finish(const real *w) { return loss_of(w + X0, N, 4); }

static void start(const real *p, real *w) {
  for (int i = 0; i < N; i++)
    w[X0 + i] = p[i] + (real)0.5;
}

static real cholesky(const real *p, real *w, int cfg) {
  start(p, w);
  for (int t = 0; t < STEPS; t++) {
    step_matrix(p, w + X0, w + K0);
    POTRF(ColMajor, cfg & 1 ? "U" : "L", N, w + K0, N);
    POTRS(ColMajor, cfg & 1 ? "U" : "L", N, 1, w + K0, N, w + X0, N);
  }
  return finish(w);
}

static real lu(const real *p, real *w, int cfg) {
  (void)cfg;
  int ipiv[N];
  start(p, w);
  for (int t = 0; t < STEPS; t++) {
    step_matrix(p, w + X0, w + K0);
    GETRF(ColMajor, N, N, w + K0, N, ipiv);
    GETRS(ColMajor, "N", N, 1, w + K0, N, ipiv, w + X0, N);
  }
  return finish(w);
}

static real gesv(const real *p, real *w, int cfg) {
  (void)cfg;
  int ipiv[N];
  start(p, w);
  for (int t = 0; t < STEPS; t++) {
    step_matrix(p, w + X0, w + K0);
    GESV(ColMajor, N, 1, w + K0, N, ipiv, w + X0, N);
  }
  return finish(w);
}

int main(void) {
  for (int cfg = 0; cfg < 2; cfg++) {
    CHECK_CASE_LOOP("Cholesky steps vs LU steps", cholesky, lu, cfg);
    CHECK_CASE_LOOP("gesv steps vs LU steps", gesv, lu, cfg);
  }
  return ad_check_report();
}
