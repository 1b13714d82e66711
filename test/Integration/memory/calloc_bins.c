// A zero-initialized buffer from calloc, filled by accumulation at indices
// read from an integer array (bins[k[i]] += x[i]), then reduced
// (sum_j bins[j]^2 + sin(bins[j])), and freed. d/dx[i] = 2 b + cos(b) with
// b = bins[k[i]]; bins never written get no derivative.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
#include "../loops/Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>

#define N 8
#define M 4

double binned(const double *x, const int *k, int n, int m) {
  double *bins = calloc(m, sizeof(double));
  double r = 0;
  for (int i = 0; i < n; ++i)
    bins[k[i]] += x[i];
  for (int j = 0; j < m; ++j)
    r += bins[j] * bins[j] + sin(bins[j]);
  free(bins);
  return r;
}

/* Bin 2 stays empty. */
static const int kk[N] = {0, 3, 1, 0, 3, 3, 1, 0};
static double binned_w(const double *x) { return binned(x, kk, N, M); }

int main(void) {
  double x[N], dx[N], e[N], b[M] = {0};
  int k[N], i;
  for (i = 0; i < N; ++i) {
    x[i] = 0.1 + 0.15 * i;
    dx[i] = 0;
    k[i] = kk[i];
    b[k[i]] += x[i];
  }
  __ad_autodiff((void *)binned, ad_dup, x, dx, ad_const, k, (int)ad_opaque(N),
                M);
  for (i = 0; i < N; ++i)
    e[i] = 2 * b[k[i]] + cos(b[k[i]]);
  lfd_check_all("binned dx", dx, e, binned_w, x, N);
  return ad_check_report();
}
