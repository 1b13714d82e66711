// Insertion sort in place on the ad_dup array, then a weighted sum of the
// sorted values: data-dependent control flow (a while loop whose trip count
// depends on comparisons) moving active values around. The gradient w.r.t.
// x[j] is w[rank of x[j]]; a seed in the shadow (adjoint of the sorted
// array) is permuted back the same way.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

#define N 9

double sort_weighted(double *x, const double *w, int n) {
  for (int i = 1; i < n; ++i) {
    double key = x[i];
    int j = i - 1;
    while (j >= 0 && x[j] > key) {
      x[j + 1] = x[j];
      --j;
    }
    x[j + 1] = key;
  }
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += w[i] * x[i];
  return s;
}

static double g_w[N];
static double sort_a(const double *x0) {
  double x[N];
  memcpy(x, x0, sizeof x);
  return sort_weighted(x, g_w, N);
}

static int rank_of(const double *x, int j) {
  int r = 0, k;
  for (k = 0; k < N; ++k)
    r += x[k] < x[j];
  return r;
}

int main(void) {
  double x0[N] = {0.5, -1.2, 2.8, 1.5, -0.3, 0.9, -2.1, 0.1, 1.1};
  double x[N], dx[N], e[N], seed[N];
  int j;
  char name[64];

  for (j = 0; j < N; ++j)
    g_w[j] = 1.0 + j * j * 0.25;

  memcpy(x, x0, sizeof x);
  memset(dx, 0, sizeof dx);
  for (j = 0; j < N; ++j)
    e[j] = g_w[rank_of(x0, j)];
  __ad_autodiff((void *)sort_weighted, ad_dup, x, dx, ad_const, g_w, N);
  lfd_check_all("sort dx", dx, e, sort_a, x0, N);
  for (j = 0; j < N; ++j) {
    snprintf(name, sizeof name, "sorted x[%d]", j);
    ad_check_eq(name, j ? x[j] >= x[j - 1] : 1.0, 1.0);
  }

  /* A seed on the sorted array is routed back to the original positions
   * (no finite difference: the seed is not part of the function). */
  memcpy(x, x0, sizeof x);
  for (j = 0; j < N; ++j) {
    seed[j] = 0.1 * j - 0.35;
    dx[j] = seed[j];
  }
  __ad_autodiff((void *)sort_weighted, ad_dup, x, dx, ad_const, g_w,
                (int)ad_opaque(N));
  for (j = 0; j < N; ++j) {
    int r = rank_of(x0, j);
    snprintf(name, sizeof name, "sort seeded dx[%d]", j);
    ad_check_eq(name, dx[j], g_w[r] + seed[r]);
  }

  /* Already sorted input: the inner loop never runs. */
  sort_weighted(x0, g_w, N);
  memcpy(x, x0, sizeof x);
  memset(dx, 0, sizeof dx);
  __ad_autodiff((void *)sort_weighted, ad_dup, x, dx, ad_const, g_w, N);
  lfd_check_all("presorted dx", dx, g_w, sort_a, x0, N);

  /* Reverse sorted input: the inner loop runs to j = -1 every time. */
  for (j = 0; j < N; ++j)
    x[j] = x0[j] = 3.0 - 0.7 * j;
  memset(dx, 0, sizeof dx);
  for (j = 0; j < N; ++j)
    e[j] = g_w[N - 1 - j];
  __ad_autodiff((void *)sort_weighted, ad_dup, x, dx, ad_const, g_w, N);
  lfd_check_all("reversed dx", dx, e, sort_a, x0, N);
  return ad_check_report();
}
