// memset of differentiated memory, then accumulation into it. On an ad_dup
// output, out[k[i]] += x[i]^2 after zeroing it: the seed in dout reaches dx
// through the accumulation, and the memset resets dout (what out held before
// no longer matters). On a local buffer: b[i % 4] += sin(x[i]).
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
#include <string.h>

#define N 7
#define M 3

void hist(const double *x, const int *k, int n, double *out, int m) {
  memset(out, 0, m * sizeof(double));
  for (int i = 0; i < n; ++i)
    out[k[i]] += x[i] * x[i];
}

double local_hist(const double *x, int n) {
  double b[4];
  memset(b, 0, sizeof b);
  for (int i = 0; i < n; ++i)
    b[i % 4] += sin(x[i]);
  return b[0] * b[1] + b[2] * b[3];
}

static const int kk[N] = {2, 0, 2, 1, 0, 2, 2};
static const double wt[M] = {1.5, -0.5, 2.0};
static double hist_w(const double *x) {
  double out[M] = {5, 5, 5}, r = 0;
  hist(x, kk, N, out, M);
  for (int j = 0; j < M; ++j)
    r += wt[j] * out[j];
  return r;
}
static double local_hist_w(const double *x) { return local_hist(x, N); }

int main(void) {
  double x[N], dx[N], e[N], out[M], dout[M], b[4] = {0, 0, 0, 0};
  int k[N], i;
  char buf[96];
  for (i = 0; i < N; ++i) {
    x[i] = 0.3 * i - 0.8;
    dx[i] = 0;
    k[i] = kk[i];
  }
  for (i = 0; i < M; ++i) {
    out[i] = 42.0;
    dout[i] = wt[i];
  }
  __ad_autodiff((void *)hist, ad_dup, x, dx, ad_const, k, (int)ad_opaque(N),
                ad_dup, out, dout, M);
  for (i = 0; i < N; ++i)
    e[i] = 2 * x[i] * wt[k[i]];
  lfd_check_all("hist dx", dx, e, hist_w, x, N);
  for (i = 0; i < M; ++i) {
    double s = 0;
    for (int j = 0; j < N; ++j)
      if (k[j] == i)
        s += x[j] * x[j];
    snprintf(buf, sizeof buf, "hist out[%d] written", i);
    ad_check_eq(buf, out[i], s);
    snprintf(buf, sizeof buf, "hist dout[%d] reset", i);
    ad_check_eq(buf, dout[i], 0.0);
  }

  for (i = 0; i < N; ++i) {
    dx[i] = 0;
    b[i % 4] += sin(x[i]);
  }
  __ad_autodiff((void *)local_hist, ad_dup, x, dx, (int)ad_opaque(N));
  for (i = 0; i < N; ++i) {
    double other = b[(i % 4) ^ 1]; /* the partner in the product */
    e[i] = cos(x[i]) * other;
  }
  lfd_check_all("local_hist dx", dx, e, local_hist_w, x, N);
  return ad_check_report();
}
