// ad_dup on a scalar argument: only pointers have shadows.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x) { return x * x; }

double g(double x, double dx) {
  // CHECK: dup-on-non-pointer.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff: ad_dup on argument 1 of 'f', which has type double; only pointers have shadows
  return __ad_autodiff((void *)f, ad_dup, x, dx);
}
