// In forward mode a floating-point argument needs a marker: ad_dup with its
// tangent, or ad_const. Without one (reverse mode's default, ad_out) the
// call is refused.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x, double y) { return x * y; }

double g(double x, double y) {
  // CHECK: fwd-unmarked-float.c:[[@LINE+3]]:10: error: ADPass: __ad_fwddiff:
  // CHECK-SAME: argument 2 of 'f'
  // CHECK-SAME: ad_dup
  return __ad_fwddiff((void *)f, ad_dup, x, 1.0, y);
}
