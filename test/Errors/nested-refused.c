// Nested derivatives ADPass does not take: a function that differentiates
// itself, and nesting through LAPACK, qsort (reverse over forward),
// checkpointing (the inner derivative's runtime routines: the error names
// the construct) and an OpenMP region under an inner reverse sweep (its
// per-thread tapes). Each is a located error, never a crash or a wrong
// result. (Reverse over an inner sweep whose tape grows, and an inner
// workspace under an outer reverse sweep, once refused here, work:
// Integration/nested/reverse_growing_tape.c, inner_workspace.c; they
// compile below.)
// RUN: %clang -O1 -g -c -DGROWS %s -o /dev/null
// RUN: %clang -O1 -g -c -DWORKSPACE %s -o /dev/null
// RUN: %not %clang -O0 -g -c -DITSELF %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=ITSELF --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O1 -g -c -DLAPACK %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=LAPACK --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O2 -g -c -DQSORT %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=QSORT --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O1 -g -c -DBUDGET %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BUDGET --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O2 -g -fopenmp -c -DOPENMP %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=OPENMP --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -fopenmp -c -DOPENMP %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=OPENMP --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
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

// Through the inner derivative's runtime routines (LAPACK, qsort,
// checkpointing): named by the construct, at the user's call.
#ifdef LAPACK
int LAPACKE_dpotrf(int layout, char uplo, int n, double *a, int lda);
static double logdet(const double *p) {
  double a[4] = {p[0] + 3, p[1], p[1], p[2] + 3};
  LAPACKE_dpotrf(101, 'L', 2, a, 2);
  return a[0] * a[3];
}
// The rule's helper call has the function's location.
// LAPACK: nested-refused.c:[[@LINE+1]]:13: error: ADPass: in 'grad_logdet': a derivative of a derivative through LAPACK's potrf is not supported yet (the inner derivative calls the runtime routine '__ad_blas_dpotrf_reverse', which has no derivative); keep that call out of the code differentiated twice (see docs/higher-order.md)
static void grad_logdet(const double *p, double *g) {
  __ad_autodiff((void *)logdet, ad_dup, p, g);
}
void hvp_logdet(const double *p, double *v, double *g, double *hv) {
  __ad_fwddiff((void *)grad_logdet, ad_dup, p, v, ad_dup, g, hv);
}
#endif

#ifdef QSORT
#include <stdlib.h>
static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}
// (Forward over reverse works: test/Integration/nested/qsort_hvp.c.)
static double top(const double *x) {
  double s[4] = {x[0], x[1], x[2], x[3]};
  // QSORT: nested-refused.c:[[@LINE+1]]:3: error: ADPass: in 'dtop': a derivative of a derivative through a qsort is not supported yet (the inner derivative calls the runtime routine '__ad_qsort', which has no derivative)
  qsort(s, 4, sizeof(double), cmp);
  return s[3] * s[2];
}
static double dtop(const double *x, const double *v) {
  return __ad_fwddiff((void *)top, ad_dup, x, v);
}
void rof_top(const double *x, double *dx, const double *v) {
  __ad_autodiff((void *)dtop, ad_dup, x, dx, ad_const, v);
}
#endif

#ifdef BUDGET
// Time steps of a state overwritten in place: checkpointed.
static double heat(double *u, int n, int steps) {
  double tmp[8];
  for (int t = 0; t < steps; t++) {
    // BUDGET: nested-refused.c:[[@LINE+1]]:5: error: ADPass: in 'grad_heat': a derivative of a derivative through checkpointing (ad_tape_budget, AD_CHECKPOINT) is not supported yet (the inner derivative calls the runtime routine '__ad_checkpoint_forward', which has no derivative)
    for (int i = 0; i < n; i++)
      tmp[i] = u[i] - 0.05 * u[i] * u[i];
    for (int i = 0; i < n; i++)
      u[i] = tmp[i];
  }
  double s = 0;
  for (int i = 0; i < n; i++)
    s += u[i] * u[i];
  return s;
}
// BUDGET: nested-refused.c:[[@LINE+1]]:13: error: ADPass: in 'grad_heat': a derivative of a derivative through checkpointing (ad_tape_budget, AD_CHECKPOINT) is not supported yet (the inner derivative calls the runtime routine '__ad_checkpoint_reverse', which has no derivative)
static void grad_heat(const double *x, double *g, int n) {
  double u[8], du[8] = {0};
  for (int i = 0; i < n; i++)
    u[i] = x[i];
  __ad_autodiff((void *)heat, ad_dup, u, du, n, 50, ad_tape_budget,
                (size_t)600);
  for (int i = 0; i < n; i++)
    g[i] = du[i];
}
void hvp_heat(const double *x, double *v, double *g, double *hv, int n) {
  __ad_fwddiff((void *)grad_heat, ad_dup, x, v, ad_dup, g, hv, ad_const, n);
}
#endif

#ifdef OPENMP
static double cubes(const double *x, int n) {
  double s = 0;
  // OPENMP: nested-refused.c:[[@LINE+1]]:{{[0-9]+}}: error: ADPass: in 'grad_cubes': a derivative of a derivative through an OpenMP parallel region is not supported yet
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += x[i] * x[i] * x[i];
  return s;
}
static void grad_cubes(const double *x, double *g, int n) {
  __ad_autodiff((void *)cubes, ad_dup, x, g, ad_const, n);
}
void hvp_cubes(const double *x, double *v, double *g, double *hv) {
  __ad_fwddiff((void *)grad_cubes, ad_dup, x, v, ad_dup, g, hv, ad_const, 4);
}
#endif
