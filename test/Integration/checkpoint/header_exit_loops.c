// Checkpointed loops left from their header (a for loop at -O0, not
// rotated: the header tests, the body runs one time less). The snapshot
// regions were bounded by the header's count, one element past the end of
// each array the body writes: restoring a snapshot of a global wrote over
// the global after it (here its shadow: d/dx0 came out 0), and of a heap
// block over the block after it. Each gradient with a budget equals the
// fully taped one, the analytic value and finite differences.
//   copy_sq: g = x (a global), h0 = 3 g0, L = sum g_i^2 + h0:
//            dL/dx_i = 2 x_i + 3 [i = 0]; h0 is 3 x0 after the call.
//   steps:   u (heap, n cells) relaxed T times in place, u_i += 0.1 sin u_i,
//            then L = sum u_i^2; its shadow allocated right after u.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>

enum { N = 4, T = 40 };

// (h right after g: where a region one element too long reached)
static struct { double g[N], h[N]; } st;
#define g st.g
#define h st.h

static double copy_sq(const double *x) {
  for (int i = 0; i < N; i++)
    g[i] = x[i];
  h[0] = 3 * g[0];
  return g[0] * g[0] + g[1] * g[1] + g[2] * g[2] + g[3] * g[3] + h[0];
}

static double steps(const double *x, int n) {
  double *u = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    u[i] = x[i];
  for (int t = 0; t < T; t++)
    for (int i = 0; i < n; i++)
      u[i] += 0.1 * sin(u[i]);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += u[i] * u[i];
  free(u);
  return s;
}

static double steps_n(const double *x) { return steps(x, N); }

int main(void) {
  double x[N] = {0.5, 0.6, 0.7, 0.8}, want[N];
  for (int i = 0; i < N; i++)
    want[i] = 2 * x[i] + (i == 0 ? 3 : 0);
  size_t budgets[] = {0, 64, 1 << 20};
  for (int b = 0; b < 3; b++) {
    double d[N] = {0};
    h[0] = 0;
    if (budgets[b])
      __ad_autodiff((void *)copy_sq, ad_dup, x, d, ad_tape_budget, budgets[b]);
    else
      __ad_autodiff((void *)copy_sq, ad_dup, x, d);
    ad_check_exact("copy_sq h0", h[0], 3 * x[0]);
    for (int i = 0; i < N; i++)
      ad_check("copy_sq", d[i], want[i], ad_fdn(copy_sq, x, N, i));
  }
  double full[N] = {0};
  __ad_autodiff((void *)steps, ad_dup, x, full, ad_const, N);
  for (int b = 1; b < 3; b++) {
    double d[N] = {0};
    __ad_autodiff((void *)steps, ad_dup, x, d, ad_const, N, ad_tape_budget,
                  budgets[b]);
    for (int i = 0; i < N; i++)
      ad_check_exact("steps budget = full", d[i], full[i]);
    for (int i = 0; i < N; i++)
      ad_check("steps", d[i], ad_fdn(steps_n, x, N, i),
               ad_fdn(steps_n, x, N, i));
  }
  return ad_check_report();
}
