/* foldminus: ((x1 - x2) - x3) ... - x16, a left fold over 16 values. The
 * loop has a constant trip count: clang -O2 unrolls it completely before the
 * AD pass runs, so what gets differentiated is straight-line code. Shared
 * primal: foldminus_ad.c includes this file with BENCH_PRIMAL_ONLY. */
#define FOLDMINUS_N 16

static double foldminus_f(const double *x) {
  double s = x[0];
  for (int i = 1; i < FOLDMINUS_N; ++i)
    s = s - x[i];
  return s;
}

#ifndef BENCH_PRIMAL_ONLY
double foldminus_primal(const double *x) { return foldminus_f(x); }

/* d/dx_0 = 1, d/dx_i = -1. Accumulates (+=). */
void foldminus_grad_hand(const double *x, double *dx) {
  (void)x;
  dx[0] += 1.0;
  for (int i = 1; i < FOLDMINUS_N; ++i)
    dx[i] -= 1.0;
}
#endif
