/* atan: sum_i atan2(x_i, 2) in float. The derivative needs no atan2 at all:
 * activity analysis should drop the primal work. Shared primal: atan_ad.c
 * includes this file with BENCH_PRIMAL_ONLY defined. */
#include <math.h>

static float atan_f(const float *x, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; ++i)
    s += atan2f(x[i], 2.0f);
  return s;
}

#ifndef BENCH_PRIMAL_ONLY
float atan_primal(const float *x, int n) { return atan_f(x, n); }

/* d/dy atan2(y, 2) = 2 / (y^2 + 4). Accumulates (+=). */
void atan_grad_hand(const float *x, float *dx, int n) {
  for (int i = 0; i < n; ++i)
    dx[i] += 2.0f / (x[i] * x[i] + 4.0f);
}
#endif
