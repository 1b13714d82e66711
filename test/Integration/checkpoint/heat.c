// Checkpointing (ad_tape_budget): a 1-D heat equation, explicit Euler with a
// nonlinear source, T steps of n cells. With budgets from 1 KB to unbounded
// the gradient is bit for bit the fully taped one and agrees with finite
// differences; the primal result left in u is the primal's; the memory held
// stays under every budget that holds two snapshots and a step's tape; the
// recomputation of the longest loop is at most the binomial optimum, and
// with room for every step, none. Without a budget nothing is checkpointed.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 -g %s -o %t3 -lm && %t3 2>&1 | FileCheck %s
// CHECK: the tape budget (1024 bytes) is smaller than two snapshots of the loop at {{.*}}heat.c:[[#]]
// CHECK: heat ok
#include <ad.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 64, T = 400 };

double heat(double *u, double *tmp, const double *kappa, int n, int steps) {
  for (int t = 0; t < steps; ++t) {
    for (int i = 1; i < n - 1; ++i)
      tmp[i] =
          u[i] + kappa[0] * (u[i - 1] - 2 * u[i] + u[i + 1]) + 0.01 * sin(u[i]);
    for (int i = 1; i < n - 1; ++i)
      u[i] = tmp[i];
  }
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += u[i] * u[i] * (1 + 0.1 * i);
  return s;
}

static void init(double *u, double *kappa) {
  for (int i = 0; i < N; ++i)
    u[i] = sin(0.3 * i) + 0.5;
  kappa[0] = 0.2;
}

// The gradient with respect to u (du) and kappa (dk); the final u in uout.
static void gradient(long budget, double *du, double *dk, double *uout) {
  double u[N], tmp[N] = {0}, dtmp[N] = {0}, kappa[1];
  init(u, kappa);
  memset(du, 0, N * sizeof *du);
  dk[0] = 0;
  if (budget < 0)
    __ad_autodiff((void *)heat, ad_dup, u, du, ad_dup, tmp, dtmp, ad_dup, kappa,
                  dk, N, T);
  else
    __ad_autodiff((void *)heat, ad_dup, u, du, ad_dup, tmp, dtmp, ad_dup, kappa,
                  dk, N, T, ad_tape_budget, budget);
  memcpy(uout, u, sizeof u);
}

static int failures;
static void check(int ok, const char *what, long budget) {
  if (!ok) {
    printf("FAIL %s (budget %ld)\n", what, budget);
    ++failures;
  }
}

int main(void) {
  double du0[N], dk0[1], u0[N];
  ad_checkpoint_reset_stats();
  gradient(-1, du0, dk0, u0);
  check(ad_checkpoint_stats().loops == 0, "no budget, no checkpoint", -1);

  // The primal's result.
  double up[N], tmp[N] = {0}, kappa[1];
  init(up, kappa);
  double y0 = heat(up, tmp, kappa, N, T);
  check(memcmp(up, u0, sizeof up) == 0, "primal result of the taped", -1);

  // Finite differences on kappa and on two cells.
  const double h = 1e-6;
  {
    double a[N], b[N], t2[N] = {0}, k[1];
    init(a, k);
    k[0] += h;
    double yp = heat(a, t2, k, N, T);
    init(b, k);
    k[0] -= h;
    double ym = heat(b, t2, k, N, T);
    double fd = (yp - ym) / (2 * h);
    check(fabs(fd - dk0[0]) <= 1e-5 * (1 + fabs(fd)), "fd kappa", -1);
  }
  for (int c = 5; c < N; c += 37) {
    double a[N], b[N], t2[N] = {0}, k[1];
    init(a, k);
    a[c] += h;
    double yp = heat(a, t2, k, N, T);
    init(b, k);
    b[c] -= h;
    double ym = heat(b, t2, k, N, T);
    double fd = (yp - ym) / (2 * h);
    check(fabs(fd - du0[c]) <= 1e-5 * (1 + fabs(fd)), "fd u", -1);
  }
  (void)y0;

  long budgets[] = {1024, 4096, 16384, 65536, 1L << 20, 1L << 40};
  for (int b = 0; b < 6; ++b) {
    double du[N], dk[1], u[N];
    // Twice: the second call plans with the step's tape measured by the
    // first.
    for (int rep = 0; rep < 2; ++rep) {
      ad_checkpoint_reset_stats();
      gradient(budgets[b], du, dk, u);
      ad_checkpoint_stats_t s = ad_checkpoint_stats();
      check(memcmp(du, du0, sizeof du) == 0 && dk[0] == dk0[0], "bit for bit",
            budgets[b]);
      check(memcmp(u, u0, sizeof u) == 0, "primal result", budgets[b]);
      // (-O0 keeps the test in the header: one more step, which only
      // tests.)
      check(s.loops == 1 && (s.steps == T || s.steps == T + 1) &&
                s.adjoint_steps == s.steps && s.forward_steps == s.steps,
            "one loop of T steps", budgets[b]);
      check(s.budget_exceeded == (budgets[b] == 1024), "budget feasible",
            budgets[b]);
      if (rep == 1 && !s.budget_exceeded)
        check(s.peak_bytes <= (size_t)budgets[b], "peak under budget",
              budgets[b]);
      check(s.longest_recomputed_steps <=
                ad_checkpoint_optimal_recomputations(s.steps, s.slots),
            "at most the binomial optimum", budgets[b]);
      if (s.slots >= s.steps)
        check(s.longest_recomputed_steps == 0, "no recomputation", budgets[b]);
      if (s.slots == 1)
        check(s.longest_recomputed_steps == s.steps * (s.steps - 1) / 2,
              "one snapshot: quadratic", budgets[b]);
    }
  }
  if (failures)
    return 1;
  printf("heat ok\n");
  return 0;
}
