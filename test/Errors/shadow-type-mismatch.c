// The shadow of an ad_dup pointer must have the primal's type: here a double
// is passed where the shadow pointer goes.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double *x) { return x[0] * x[0]; }

double g(double *x, double dx) {
  // CHECK: shadow-type-mismatch.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff: the shadow of argument 1 of 'f' must be a pointer like its primal, but the call passes double
  return __ad_autodiff((void *)f, ad_dup, x, dx);
}
