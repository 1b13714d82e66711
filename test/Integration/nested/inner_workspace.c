// An inner gradient given a workspace (ad_workspace) inside a function
// that is itself differentiated in reverse mode (it was refused): under the
// outer reverse sweep the inner derivative's tapes come from the heap, and
// the outer sweep keeps what it needs. The outer result (H w) against
// forward over reverse of the same function and central differences; the
// workspace is then used alone and by the nested call again, twice each,
// with the same results (nothing of the nested call is left in it), and
// everything is freed (valgrind). Then third order: reverse over forward
// over reverse, the inner gradient with the workspace.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

enum { N = 8 };

// Its tape (the s of each step) comes from the workspace when alone.
static double recurrence(const double *x, int n) {
  double s = 1;
  for (int i = 0; i < n; ++i)
    s = s * sin(x[i]) + x[i] * x[i];
  return s;
}

static const double W[N] = {1, 0.5, -1, 2, 0, 1, 0.25, -0.5};

// w . the gradient, computed with a workspace.
static double ws_gw(const double *x, ad_workspace_t *ws, int n) {
  double g[N] = {0};
  __ad_autodiff((void *)recurrence, ad_dup, x, g, ad_const, n, ad_workspace,
                ws);
  double r = 0;
  for (int i = 0; i < n; ++i)
    r += W[i] * g[i];
  return r;
}

// The gradient alone, for forward over reverse.
static void grad(const double *x, double *g, int n) {
  for (int i = 0; i < n; ++i)
    g[i] = 0;
  __ad_autodiff((void *)recurrence, ad_dup, x, g, ad_const, n);
}

// Third order: v^T H v (v = 1) by forward over reverse with the workspace,
// differentiated in reverse mode (its tape and its tangents' from the heap
// there).
static void grad_ws(const double *x, double *g, int n, ad_workspace_t *ws) {
  for (int i = 0; i < n; ++i)
    g[i] = 0;
  __ad_autodiff((void *)recurrence, ad_dup, x, g, ad_const, n, ad_workspace,
                ws);
}
static double vhv(const double *x, ad_workspace_t *ws) {
  double v[N], g[N], hv[N] = {0}, r = 0;
  for (int i = 0; i < N; ++i)
    v[i] = 1;
  __ad_fwddiff((void *)grad_ws, ad_dup, x, v, ad_dup, g, hv, ad_const, N,
               ad_const, ws);
  for (int i = 0; i < N; ++i)
    r += hv[i];
  return r;
}

int main(void) {
  ad_workspace_t *ws = ad_workspace_create(0);
  double x[N], hw[N], v[N], g[N], fo[N] = {0};
  for (int i = 0; i < N; ++i) {
    x[i] = 0.4 + 0.2 * cos(i);
    v[i] = W[i];
  }
  __ad_fwddiff((void *)grad, ad_dup, x, v, ad_dup, g, fo, ad_const, N);
  for (int round = 0; round < 2; ++round) {
    for (int i = 0; i < N; ++i)
      hw[i] = 0;
    __ad_autodiff((void *)ws_gw, ad_dup, x, hw, ad_const, ws, ad_const, N);
    for (int i = 0; i < N; ++i) {
      double a[N], b[N], h = 1e-6;
      for (int j = 0; j < N; ++j)
        a[j] = b[j] = x[j];
      a[i] += h;
      b[i] -= h;
      ad_check("H w", hw[i], fo[i],
               (ws_gw(a, ws, N) - ws_gw(b, ws, N)) / (2 * h));
    }
    // The workspace alone, between nested calls.
    double ga[N] = {0};
    __ad_autodiff((void *)recurrence, ad_dup, x, ga, ad_const, N, ad_workspace,
                  ws);
    ad_check_eq("gradient with the workspace", ga[3], g[3]);
  }
  double d3[N] = {0};
  __ad_autodiff((void *)vhv, ad_dup, x, d3, ad_const, ws);
  for (int i = 0; i < N; i += 3) {
    double a[N], b[N], h = 1e-5;
    for (int j = 0; j < N; ++j)
      a[j] = b[j] = x[j];
    a[i] += h;
    b[i] -= h;
    double fd = (vhv(a, ws) - vhv(b, ws)) / (2 * h);
    ad_check("third order", d3[i], fd, fd);
  }
  ad_workspace_destroy(ws);
  return ad_check_report();
}
