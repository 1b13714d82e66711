// ad_dupnoneed on an output buffer: the adjoints are as with ad_dup (the
// primal values written through it are not needed, so they are not checked).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

void model(const double *p, double *out) {
  out[0] = exp(p[0]) * p[1];
  out[1] = p[1] / p[0];
}

double loss(double s, double *out) {
  out[0] = s * s;
  return out[0] * 2.0 + s;
}

static double model_w(const double *p) {
  double o[2];
  model(p, o);
  return 0.5 * o[0] - 2.0 * o[1];
}

static double loss_s(double s) {
  double o[1];
  return loss(s, o);
}

int main(void) {
  double p[2] = {0.4, 1.7};
  double dp[2] = {0, 0};
  double out[2] = {0, 0};
  double dout[2] = {0.5, -2.0};
  double s = -0.6, dscratch = 0.0, scratch = 0.0;

  __ad_autodiff((void *)model, ad_dup, p, dp, ad_dupnoneed, out, dout);
  ad_check("model dp0", dp[0],
           0.5 * exp(p[0]) * p[1] + 2.0 * p[1] / (p[0] * p[0]),
           ad_fdn(model_w, p, 2, 0));
  ad_check("model dp1", dp[1], 0.5 * exp(p[0]) - 2.0 / p[0],
           ad_fdn(model_w, p, 2, 1));

  /* A scratch output with a zero seed: only the returned value counts. */
  ad_check("loss ds",
           __ad_autodiff((void *)loss, ad_opaque(s), ad_dupnoneed, &scratch,
                         &dscratch),
           4 * s + 1, ad_fd(loss_s, s));
  return ad_check_report();
}
