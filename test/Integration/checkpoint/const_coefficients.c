// A checkpointed time loop reading arrays passed ad_const (a conductivity
// per cell and a source term): refused before ("a pointer without shadow
// stored into differentiated memory"), the pointers now reach the steps
// without shadow. Each gradient with a budget equals the fully taped one
// and finite differences; the constants are unchanged.
//   u_i <- u_i + dt (k_i (u_{i-1} - 2 u_i + u_{i+1}) + q_i sin(u_i)),
//   T steps (fixed ends), then L = sum u_i^2.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

enum { N = 12, T = 200 };

double heat(double *u, const double *k, const double *q, int n, int steps) {
  double next[N];
  for (int t = 0; t < steps; t++) {
    for (int i = 1; i < n - 1; i++)
      next[i] = u[i] + 0.1 * (k[i] * (u[i - 1] - 2 * u[i] + u[i + 1]) +
                              q[i] * sin(u[i]));
    for (int i = 1; i < n - 1; i++)
      u[i] = next[i];
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += u[i] * u[i];
  return s;
}

static double K[N], Q[N];
static double heat_u(const double *u0) {
  double u[N];
  memcpy(u, u0, sizeof u);
  return heat(u, K, Q, N, T);
}

int main(void) {
  double u0[N];
  for (int i = 0; i < N; i++) {
    u0[i] = sin(0.5 * i);
    K[i] = 0.5 + 0.1 * (i % 3);
    Q[i] = 0.2 * cos(i);
  }
  size_t budgets[] = {0, 1024, 1 << 20};
  double full[N];
  for (int b = 0; b < 3; b++) {
    double u[N], du[N] = {0}, k0 = K[3], q0 = Q[5];
    memcpy(u, u0, sizeof u);
    if (budgets[b])
      __ad_autodiff((void *)heat, ad_dup, u, du, ad_const, K, ad_const, Q, N, T,
                    ad_tape_budget, budgets[b]);
    else
      __ad_autodiff((void *)heat, ad_dup, u, du, ad_const, K, ad_const, Q, N,
                    T);
    ad_check_exact("k unchanged", K[3], k0);
    ad_check_exact("q unchanged", Q[5], q0);
    for (int i = 0; i < N; i++) {
      if (b == 0)
        full[i] = du[i];
      else
        ad_check_exact("budget = full", du[i], full[i]);
      double fd = ad_fdn(heat_u, u0, N, i);
      ad_check("heat", du[i], fd, fd);
    }
  }
  return ad_check_report();
}
