/* bigconst: f(p) = c[0] * p with c a constant array of n doubles that f
 * does not otherwise touch: the cost of the derivative must not grow with n.
 * Shared primal: bigconst_ad.c includes this file with BENCH_PRIMAL_ONLY. */
static double bigconst_f(const double *c, double p) { return c[0] * p; }

#ifndef BENCH_PRIMAL_ONLY
double bigconst_primal(const double *c, double p) { return bigconst_f(c, p); }

/* df/dp = c[0]. */
double bigconst_grad_hand(const double *c, double p) {
  (void)p;
  return c[0];
}
#endif
