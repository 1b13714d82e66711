// Checkpointing a Lorenz-96 integration with an in-place RK4 step (the
// stages in scratch arrays, wrap-around indices x[(i + 1) % n]), and a
// while loop whose trip count depends on the data (the online schedule):
// with budgets from 1 KB to unbounded, the gradients are bit for bit the
// taped ones and agree with finite differences.
// RUN: %clang -O0 %s -o %t0 -lm && %t0 2>/dev/null
// RUN: %clang -O1 %s -o %t1 -lm && %t1 2>/dev/null
// RUN: %clang -O2 %s -o %t2 -lm && %t2 2>/dev/null
// RUN: %clang -O3 %s -o %t3 -lm && %t3 2>/dev/null | FileCheck %s
// CHECK: lorenz96 ok
// CHECK: relax ok
#include <ad.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 20, STEPS = 300 };

static void rhs(const double *x, double *dx, int n, double F) {
  for (int i = 0; i < n; ++i)
    dx[i] =
        (x[(i + 1) % n] - x[(i + n - 2) % n]) * x[(i + n - 1) % n] - x[i] + F;
}

// x advanced in place; w holds the stages (5n doubles).
double lorenz96(double *x, double *w, const double *F, int n, int steps,
                double h) {
  double *k1 = w, *k2 = w + n, *k3 = w + 2 * n, *k4 = w + 3 * n, *y = w + 4 * n;
  for (int t = 0; t < steps; ++t) {
    rhs(x, k1, n, F[0]);
    for (int i = 0; i < n; ++i)
      y[i] = x[i] + 0.5 * h * k1[i];
    rhs(y, k2, n, F[0]);
    for (int i = 0; i < n; ++i)
      y[i] = x[i] + 0.5 * h * k2[i];
    rhs(y, k3, n, F[0]);
    for (int i = 0; i < n; ++i)
      y[i] = x[i] + h * k3[i];
    rhs(y, k4, n, F[0]);
    for (int i = 0; i < n; ++i)
      x[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i] * x[i];
  return s;
}

// Jacobi relaxation until the largest change is below tol.
double relax(double *u, double *next, const double *src, int n, double tol) {
  double change = 1;
  int it = 0;
  while (change > tol && it < 100000) {
    change = 0;
    for (int i = 1; i < n - 1; ++i) {
      next[i] = 0.5 * (u[i - 1] + u[i + 1]) + src[i] * (1 + 0.1 * u[i] * u[i]);
      change = fmax(change, fabs(next[i] - u[i]));
    }
    for (int i = 1; i < n - 1; ++i)
      u[i] = next[i];
    ++it;
  }
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += u[i] * (i + 1);
  return s;
}

static int failures;
static void check(int ok, const char *what, long budget) {
  if (!ok) {
    printf("FAIL %s (budget %ld)\n", what, budget);
    ++failures;
  }
}

static void lorenz_init(double *x, double *F) {
  for (int i = 0; i < N; ++i)
    x[i] = 8 + 0.1 * sin(i);
  F[0] = 8;
}

static void lorenz_grad(long budget, double *dx, double *dF) {
  double x[N], w[5 * N] = {0}, dw[5 * N] = {0}, F[1];
  lorenz_init(x, F);
  memset(dx, 0, N * sizeof *dx);
  dF[0] = 0;
  if (budget < 0)
    __ad_autodiff((void *)lorenz96, ad_dup, x, dx, ad_dup, w, dw, ad_dup, F, dF,
                  N, STEPS, ad_const, 0.005);
  else
    __ad_autodiff((void *)lorenz96, ad_dup, x, dx, ad_dup, w, dw, ad_dup, F, dF,
                  N, STEPS, ad_const, 0.005, ad_tape_budget, budget);
}

static double lorenz_at(int k, double h) {
  double x[N], w[5 * N], F[1];
  lorenz_init(x, F);
  if (k < 0)
    F[0] += h;
  else
    x[k] += h;
  return lorenz96(x, w, F, N, STEPS, 0.005);
}

enum { M = 16 };
static void relax_init(double *u, double *src) {
  for (int i = 0; i < M; ++i) {
    u[i] = 0;
    src[i] = 0.01 * (1 + sin(i));
  }
}

static void relax_grad(long budget, double *dsrc) {
  double u[M], du[M] = {0}, next[M] = {0}, dnext[M] = {0}, src[M];
  relax_init(u, src);
  memset(dsrc, 0, M * sizeof *dsrc);
  if (budget < 0)
    __ad_autodiff((void *)relax, ad_dup, u, du, ad_dup, next, dnext, ad_dup,
                  src, dsrc, M, ad_const, 1e-9);
  else
    __ad_autodiff((void *)relax, ad_dup, u, du, ad_dup, next, dnext, ad_dup,
                  src, dsrc, M, ad_const, 1e-9, ad_tape_budget, budget);
}

int main(void) {
  long budgets[] = {1024, 8192, 65536, 1L << 40};
  double dx0[N], dF0[1];
  lorenz_grad(-1, dx0, dF0);
  const double h = 1e-6;
  for (int k = -1; k < N; k += 7) {
    double fd = (lorenz_at(k, h) - lorenz_at(k, -h)) / (2 * h);
    double ad = k < 0 ? dF0[0] : dx0[k];
    check(fabs(fd - ad) <= 1e-5 * (1 + fabs(fd)), "lorenz fd", -1);
  }
  for (int b = 0; b < 4; ++b) {
    double dx[N], dF[1];
    ad_checkpoint_reset_stats();
    lorenz_grad(budgets[b], dx, dF);
    check(memcmp(dx, dx0, sizeof dx) == 0 && dF[0] == dF0[0],
          "lorenz bit for bit", budgets[b]);
    check(ad_checkpoint_stats().loops == 1, "lorenz checkpointed", budgets[b]);
  }
  if (!failures)
    printf("lorenz96 ok\n");

  double ds0[M];
  relax_grad(-1, ds0);
  for (int k = 3; k < M; k += 5) {
    double u[M], nx[M] = {0}, s[M];
    relax_init(u, s);
    s[k] += 1e-7;
    double yp = relax(u, nx, s, M, 1e-9);
    relax_init(u, s);
    s[k] -= 1e-7;
    double ym = relax(u, nx, s, M, 1e-9);
    double fd = (yp - ym) / 2e-7;
    // (the trip count is the same on both sides: the derivative of the
    // last iterate)
    check(fabs(fd - ds0[k]) <= 1e-4 * (1 + fabs(fd)), "relax fd", -1);
  }
  for (int b = 0; b < 4; ++b) {
    double ds[M];
    ad_checkpoint_reset_stats();
    relax_grad(budgets[b], ds);
    ad_checkpoint_stats_t s = ad_checkpoint_stats();
    check(memcmp(ds, ds0, sizeof ds) == 0, "relax bit for bit", budgets[b]);
    check(s.loops == 1 && s.steps > 100, "relax checkpointed", budgets[b]);
  }
  if (failures)
    return 1;
  printf("relax ok\n");
  return 0;
}
