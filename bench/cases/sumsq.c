/* sumsq: sum_i x_i^2 in float, a memory-bound reduction. Shared primal:
 * sumsq_ad.c includes this file with BENCH_PRIMAL_ONLY defined. */
static float sumsq_f(const float *x, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i];
  return s;
}

#ifndef BENCH_PRIMAL_ONLY
float sumsq_primal(const float *x, int n) { return sumsq_f(x, n); }

/* d/dx_i = 2 x_i. Accumulates (+=), like the ADPass shadow. */
void sumsq_grad_hand(const float *x, float *dx, int n) {
  for (int i = 0; i < n; ++i)
    dx[i] += 2.0f * x[i];
}
#endif
