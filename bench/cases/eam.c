/* eam: rho = sum_i exp(-3 (x_i + 1)); F = rho^2 + rho^3 + rho^4 / 4.
 *
 * The primal below is shared: eam_ad.c includes this file with
 * BENCH_PRIMAL_ONLY defined and differentiates eam_f itself. */
#include <math.h>

static double eam_f(const double *x, int n) {
  double rho = 0.0;
  for (int i = 0; i < n; ++i)
    rho += exp(-3.0 * (x[i] + 1.0));
  return rho * rho + rho * rho * rho + 0.25 * rho * rho * rho * rho;
}

#ifndef BENCH_PRIMAL_ONLY
double eam_primal(const double *x, int n) { return eam_f(x, n); }

/* dF/dx_i = F'(rho) * -3 exp(-3 (x_i + 1)): written the way one writes it by
 * hand, a second loop that recomputes the exponentials. Accumulates (+=). */
void eam_grad_hand(const double *x, double *dx, int n) {
  double rho = 0.0;
  for (int i = 0; i < n; ++i)
    rho += exp(-3.0 * (x[i] + 1.0));
  double dF = 2.0 * rho + 3.0 * rho * rho + rho * rho * rho;
  for (int i = 0; i < n; ++i)
    dx[i] += dF * -3.0 * exp(-3.0 * (x[i] + 1.0));
}
#endif
