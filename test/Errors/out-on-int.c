// ad_out on an integer argument: integers cannot be active.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x, int n) { return x * n; }

double g(double x, int n) {
  // CHECK: out-on-int.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff: ad_out on argument 2 of 'f', which has type i32 and cannot be active; use ad_const
  return __ad_autodiff((void *)f, x, ad_out, n);
}
