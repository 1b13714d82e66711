// Nested derivatives ADPass does not take: reverse mode over an inner
// reverse sweep whose tape grows (a while loop), an inner derivative with a
// workspace under an outer reverse sweep, and a function that
// differentiates itself. Each is a located error, never a crash or a wrong
// result; forward over reverse of the same while loop compiles.
// RUN: %not %clang -O1 -g -c -DGROWS %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=GROWS --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O1 -g -c -DWORKSPACE %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=WORKSPACE --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c -DITSELF %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=ITSELF --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %clang -O1 -g -c -DOK %s -o /dev/null
#include <ad.h>

// Its tape holds the index k and s, and grows.
static double loop(const double *x) {
  double s = x[0], t = 0;
  int k = 0;
  while (t < 2) {
    k = (k * 7 + 3) % 5;
    s = s * x[k] + 1, t += 0.5 + 0.0 * x[0];
  }
  return s;
}

static void grad_loop(const double *x, double *g) {
  for (int i = 0; i < 5; ++i)
    g[i] = 0;
  __ad_autodiff((void *)loop, ad_dup, x, g);
}

static double sq(const double *x) { return x[0] * x[0] * x[1]; }

#ifdef OK
void hvp(const double *x, double *v, double *g, double *hv) {
  __ad_fwddiff((void *)grad_loop, ad_dup, x, v, ad_dup, g, hv);
}
#endif

#ifdef GROWS
// GROWS: nested-refused.c:17:{{[0-9]+}}: error: ADPass: in 'loop_gdotw': reverse mode over an inner reverse sweep whose tape grows (a loop whose trip count is unknown when it starts) and holds values of several types is not supported; take the outer derivative in forward mode (forward over reverse)
static double loop_gdotw(const double *x) {
  double g[5];
  grad_loop(x, g);
  return g[0] + g[1];
}

void rev_rev(const double *x, double *dx) {
  __ad_autodiff((void *)loop_gdotw, ad_dup, x, dx);
}
#endif

#ifdef WORKSPACE
// Its tape (the s of each step) comes from the workspace.
static double recurrence(const double *x, int n) {
  double s = 1;
  for (int i = 0; i < n; ++i)
    s = s * x[i] + 1;
  return s;
}

// The inner sweep, inlined, has no location of its own: the function's.
// WORKSPACE: nested-refused.c:[[@LINE+1]]:15: error: ADPass: in 'ws_gdotw': a derivative with a workspace (ad_workspace) inside a differentiated function; drop ad_workspace from the inner derivative call
static double ws_gdotw(const double *x, ad_workspace_t *ws, int n) {
  double g[8] = {0};
  __ad_autodiff((void *)recurrence, ad_dup, x, g, ad_const, n, ad_workspace,
                ws);
  return g[0] + g[1];
}

void rev_rev_ws(const double *x, double *dx, ad_workspace_t *ws, int n) {
  __ad_autodiff((void *)ws_gdotw, ad_dup, x, dx, ad_const, ws, ad_const, n);
}
#endif

#ifdef ITSELF
static double itself(double *x) {
  double g[2] = {0, 0};
  // ITSELF: nested-refused.c:[[@LINE+1]]:3: error: ADPass: in 'itself': call to '__ad_autodiff' on an active path has no derivative
  __ad_autodiff((void *)itself, ad_dup, x, g);
  return sq(x) + g[0];
}

void self(double *x, double *dx) {
  __ad_autodiff((void *)itself, ad_dup, x, dx);
}
#endif
