// Forward mode keeps no tape, so it takes no workspace: ad_workspace in an
// __ad_fwddiff call is refused.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  return s;
}

double g(const double *x, const double *dx, int n, ad_workspace_t *ws) {
  // CHECK: fwd-workspace.c:[[@LINE+2]]:10: error: ADPass: __ad_fwddiff:
  // CHECK-SAME: workspace
  return __ad_fwddiff((void *)f, ad_dup, x, dx, n, ad_workspace, ws);
}
