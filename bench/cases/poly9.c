/* poly9: sum_j sum_{k=0..9} c_k x_j^k, differentiated with respect to c_2
 * only. Shared primal: poly9_ad.c includes this file with BENCH_PRIMAL_ONLY
 * defined. */
static double poly9_f(const double *c, const double *x, int n) {
  double s = 0.0;
  for (int j = 0; j < n; ++j) {
    double p = 1.0;
    for (int k = 0; k < 10; ++k) {
      s += c[k] * p;
      p *= x[j];
    }
  }
  return s;
}

#ifndef BENCH_PRIMAL_ONLY
double poly9_primal(const double *c, const double *x, int n) {
  return poly9_f(c, x, n);
}

/* The hand-written gradient a user writes once: all ten coefficients,
 * dc_k += sum_j x_j^k (the caller reads dc[2]). */
void poly9_grad_hand(const double *c, const double *x, double *dc, int n) {
  (void)c;
  for (int j = 0; j < n; ++j) {
    double p = 1.0;
    for (int k = 0; k < 10; ++k) {
      dc[k] += p;
      p *= x[j];
    }
  }
}
#endif
