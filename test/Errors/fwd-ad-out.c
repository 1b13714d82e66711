// ad_out belongs to reverse mode: in forward mode a floating-point argument
// is ad_dup (with its tangent) or ad_const.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x, double y) { return x * y; }

double g(double x, double y) {
  // CHECK: fwd-ad-out.c:[[@LINE+2]]:10: error: ADPass: __ad_fwddiff:
  // CHECK-SAME: ad_out
  return __ad_fwddiff((void *)f, ad_out, x, ad_const, y);
}
