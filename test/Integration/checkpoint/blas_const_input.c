// A tape budget in a function that fills a matrix from ad_const data times
// an active parameter in a loop, then calls BLAS (dgemv) on it: the loop is
// checkpointed, and the constant data it reads needs no snapshot (a BLAS
// call writes only its outputs; its declaration let alias analysis assume
// it writes everything, the constant matrix's pointer went into the
// snapshot table, and the call was refused: "a pointer without shadow
// (constant) is stored into differentiated memory").
//   f = y0 y1, y = (p A) x:  df/dp = 2 p (A x)_0 (A x)_1
// RUN: %clang -O0 %s -o %t0 %openblas && %t0
// RUN: %clang -O1 %s -o %t1 %openblas && %t1
// RUN: %clang -O2 %s -o %t2 %openblas && %t2
// RUN: %clang -O3 %s -o %t3 %openblas && %t3
#include "adcheck.h"
#include <ad.h>
#include <cblas.h>

double f(const double *p, const double *Am) {
  double Aw[4], x[2] = {1.0, 2.0}, y[2];
  for (int k = 0; k < 4; k++)
    Aw[k] = Am[k] * p[0];
  cblas_dgemv(CblasRowMajor, CblasNoTrans, 2, 2, 1.0, Aw, 2, x, 1, 0.0, y, 1);
  return y[0] * y[1];
}

int main(void) {
  double p[1] = {2.0}, dp[1] = {0}, dp0[1] = {0}, Am[4] = {2, 1, 1, 3};
  __ad_autodiff((void *)f, ad_dup, p, dp0, ad_const, Am);
  __ad_autodiff((void *)f, ad_dup, p, dp, ad_const, Am, ad_tape_budget,
                (size_t)1024);
  // A x = (4, 7)
  ad_check_exact("df/dp, no budget", dp0[0], 2 * 2.0 * 4 * 7);
  ad_check_exact("df/dp, budget", dp[0], 2 * 2.0 * 4 * 7);
  return ad_check_report();
}
