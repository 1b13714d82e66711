// The tape budget: a loop that cannot be checkpointed (it has volatile
// accesses, it stores where no bound is known before it runs, or it carries
// a pointer advanced from step to step, which crashed at run time) is taped
// in full with a located warning, and its gradient is still exact;
// misplaced budgets are located errors.
// RUN: %clang -O1 -g %s -o %t -lm 2>&1 | %FileCheck %s --check-prefix=WARN --implicit-check-not=error: --implicit-check-not=PLEASE
// RUN: %t | %FileCheck %s --check-prefix=RUNS
// RUN: %not %clang -O1 -g -c -DFORWARD %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=FORWARD --implicit-check-not=PLEASE
// RUN: %not %clang -O1 -g -c -DSPLIT %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=SPLIT --implicit-check-not=PLEASE
// RUN: %not %clang -O1 -g -c -DNOSIZE %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=NOSIZE --implicit-check-not=PLEASE
#include <ad.h>
#include <math.h>
#include <stdio.h>

static volatile double sink;

double opaque(double *x, int n, int T) {
  // WARN-DAG: tape-budget.c:[[#@LINE+1]]:{{[0-9]+}}: warning: ADPass: this loop is taped in full despite the tape budget: it cannot be checkpointed because it has volatile accesses (line [[#@LINE+4]])
  for (int t = 0; t < T; ++t) {
    for (int i = 0; i < n; ++i)
      x[i] = sin(x[i]);
    sink = x[0];
  }
  return x[0];
}

double scattered(double *x, const int *idx, int n, int T) {
  // WARN-DAG: tape-budget.c:[[#@LINE+1]]:{{[0-9]+}}: warning: ADPass: this loop is taped in full despite the tape budget: it cannot be checkpointed because the addresses it stores to cannot be bounded before it runs (line [[#@LINE+3]])
  for (int t = 0; t < T; ++t)
    for (int i = 0; i < n; ++i)
      x[idx[i]] = cos(x[idx[i]]);
  return x[0];
}

// One state row per step, walked with a pointer (rows of 4).
double advancing(double *x, int T) {
  double *p = x;
  // WARN-DAG: tape-budget.c:[[#@LINE+1]]:{{[0-9]+}}: warning: ADPass: this loop is taped in full despite the tape budget: it cannot be checkpointed because it carries a pointer that moves from one iteration to the next other than among buffers known before it
  for (int t = 0; t < T; ++t) {
    for (int i = 0; i < 4; ++i)
      p[4 + i] = sin(p[i]);
    p += 4;
  }
  return p[0];
}

#if defined(FORWARD)
double fwd(double *x, double *dx) {
  // FORWARD: tape-budget.c:[[#@LINE+1]]:{{[0-9]+}}: error: ADPass: __ad_fwddiff: forward mode keeps no tape and takes no tape budget
  return __ad_fwddiff((void *)opaque, x, dx, 3, 4, ad_tape_budget, 1000);
}
#elif defined(SPLIT)
void *aug(double *x, double *dx) {
  // SPLIT: tape-budget.c:[[#@LINE+1]]:{{[0-9]+}}: error: ADPass: __ad_augmentfwd: split mode does not take a tape budget
  return __ad_augmentfwd((void *)opaque, x, dx, 3, 4, ad_tape_budget, 1000);
}
#elif defined(NOSIZE)
double nosize(double *x, double *dx) {
  // NOSIZE: tape-budget.c:[[#@LINE+1]]:{{[0-9]+}}: error: ADPass: __ad_autodiff: marker 'ad_tape_budget' must be followed by a size in bytes
  __ad_autodiff((void *)opaque, x, dx, 3, 4, ad_tape_budget);
  return 0;
}
#else
int main(void) {
  double x[3] = {0.5, 1.0, 1.5}, dx[3] = {0};
  __ad_autodiff((void *)opaque, x, dx, 3, 4, ad_tape_budget, 1000);
  // d/dx0 of sin^4(x0)
  double v = 0.5, d = 1;
  for (int t = 0; t < 4; ++t) {
    d *= cos(v);
    v = sin(v);
  }
  int idx[3] = {2, 0, 1};
  double y[3] = {0.5, 1.0, 1.5}, dy[3] = {0};
  __ad_autodiff((void *)scattered, y, dy, ad_const, idx, 3, 2, ad_tape_budget,
                1000);
  // x0 = cos(cos(x0)) over the two steps (idx visits each once per step)
  double e = -sin(cos(0.5)) * -sin(0.5);
  double z[20] = {0.5}, dz[20] = {0};
  __ad_autodiff((void *)advancing, z, dz, 4, ad_tape_budget, 1000);
  // RUNS: exact 1 1 1
  printf("exact %d %d %d\n", fabs(dx[0] - d) < 1e-14, fabs(dy[0] - e) < 1e-14,
         fabs(dz[0] - d) < 1e-14);
  return 0;
}
#endif
