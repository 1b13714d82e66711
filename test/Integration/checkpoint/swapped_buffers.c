// Checkpointing (ad_tape_budget) of time loops that swap buffers instead of
// copying them back: `tmp = a; a = b; b = tmp` (heat, explicit Euler) and a
// three-buffer rotation (leapfrog, u[t+1] = u[t-1] + 2 dt f(u[t])), the
// last buffer read after the loop. Both were taped in full; a pointer
// carried this way is now carried as the index of the buffer it holds, so
// that each step's gradient pairs it with the right shadow. With budgets
// from 2 KB to unbounded the gradient is bit for bit the fully taped one
// and agrees with finite differences, the loop is checkpointed, and the
// memory held stays under the budget.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm 2>&1 | FileCheck %s --allow-empty && %t3
// CHECK-NOT: taped in full
#include <ad.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

enum { N = 48, T = 301 };

double heat_swap(double *u, double *w, const double *k, int n, int steps) {
  double *a = u, *b = w;
  for (int t = 0; t < steps; ++t) {
    for (int i = 1; i < n - 1; ++i)
      b[i] = a[i] + k[0] * (a[i - 1] - 2 * a[i] + a[i + 1]) + 0.01 * sin(a[i]);
    b[0] = a[0];
    b[n - 1] = a[n - 1];
    double *s = a;
    a = b;
    b = s;
  }
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] * a[i] * (1 + 0.1 * i);
  return s;
}

double leapfrog(double *u0, double *u1, double *u2, const double *k, int n,
                int steps) {
  double *prev = u0, *cur = u1, *next = u2;
  for (int t = 0; t < steps; ++t) {
    for (int i = 0; i < n; ++i)
      next[i] = prev[i] + 0.02 * (k[0] * cur[(i + 1) % n] - sin(cur[i]));
    double *r = prev;
    prev = cur;
    cur = next;
    next = r;
  }
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += cur[i] * prev[i];
  return s;
}

static void init(double *u, double *w, double *z, double *k) {
  for (int i = 0; i < N; ++i) {
    u[i] = sin(0.3 * i) + 0.5;
    w[i] = cos(0.2 * i);
    z[i] = 0;
  }
  k[0] = 0.2;
}

static double primal(int which, const double *du, double h, int c, double dk) {
  double u[N], w[N], z[N], k[1];
  init(u, w, z, k);
  u[c] += h * (du != 0);
  k[0] += dk;
  return which ? leapfrog(u, w, z, k, N, T) : heat_swap(u, w, k, N, T);
}

// The gradient in u and k (and w for the leapfrog's second level).
static void gradient(int which, long budget, double *du, double *dw,
                     double *dk) {
  double u[N], w[N], z[N], k[1], dz[N] = {0};
  init(u, w, z, k);
  memset(du, 0, N * sizeof *du);
  memset(dw, 0, N * sizeof *dw);
  dk[0] = 0;
  if (which == 0 && budget < 0)
    __ad_autodiff((void *)heat_swap, ad_dup, u, du, ad_dup, w, dw, ad_dup, k,
                  dk, N, T);
  else if (which == 0)
    __ad_autodiff((void *)heat_swap, ad_dup, u, du, ad_dup, w, dw, ad_dup, k,
                  dk, N, T, ad_tape_budget, budget);
  else if (budget < 0)
    __ad_autodiff((void *)leapfrog, ad_dup, u, du, ad_dup, w, dw, ad_dup, z, dz,
                  ad_dup, k, dk, N, T);
  else
    __ad_autodiff((void *)leapfrog, ad_dup, u, du, ad_dup, w, dw, ad_dup, z, dz,
                  ad_dup, k, dk, N, T, ad_tape_budget, budget);
}

static int failures;
static void check(int ok, const char *what, int which, long budget) {
  if (!ok) {
    printf("FAIL %s: %s (budget %ld)\n", which ? "leapfrog" : "heat", what,
           budget);
    ++failures;
  }
}

int main(void) {
  for (int which = 0; which < 2; ++which) {
    double du0[N], dw0[N], dk0[1];
    ad_checkpoint_reset_stats();
    gradient(which, -1, du0, dw0, dk0);
    check(ad_checkpoint_stats().loops == 0, "no budget, no checkpoint", which,
          -1);
    const double h = 1e-6;
    double fd =
        (primal(which, 0, 0, 0, h) - primal(which, 0, 0, 0, -h)) / (2 * h);
    check(fabs(fd - dk0[0]) <= 1e-5 * (1 + fabs(fd)), "fd k", which, -1);
    for (int c = 3; c < N; c += 19) {
      double one = 1;
      fd = (primal(which, &one, h, c, 0) - primal(which, &one, -h, c, 0)) /
           (2 * h);
      check(fabs(fd - du0[c]) <= 1e-5 * (1 + fabs(fd)), "fd u", which, -1);
    }
    long budgets[] = {2048, 8192, 65536, 1L << 40};
    for (int b = 0; b < 4; ++b)
      for (int rep = 0; rep < 2; ++rep) {
        double du[N], dw[N], dk[1];
        ad_checkpoint_reset_stats();
        gradient(which, budgets[b], du, dw, dk);
        ad_checkpoint_stats_t s = ad_checkpoint_stats();
        check(memcmp(du, du0, sizeof du) == 0 &&
                  memcmp(dw, dw0, sizeof dw) == 0 && dk[0] == dk0[0],
              "bit for bit", which, budgets[b]);
        check(s.loops == 1 && s.adjoint_steps == s.steps, "checkpointed", which,
              budgets[b]);
        if (rep == 1 && !s.budget_exceeded)
          check(s.peak_bytes <= (size_t)budgets[b], "peak under budget", which,
                budgets[b]);
      }
  }
  if (failures)
    return 1;
  printf("swapped buffers ok\n");
  return 0;
}
