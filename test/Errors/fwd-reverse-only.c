// A function with only a reverse derivative (AD_REGISTER_REVERSE), called
// inside a function differentiated in forward mode: refused at the call,
// saying that a forward derivative is needed (AD_REGISTER_FORWARD). The same
// function differentiated in reverse mode uses the registration and compiles.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double blackbox(double x);

static void blackbox_rev(double x, double seed, double *dx) {
  *dx += seed * 2 * x;
}
AD_REGISTER_REVERSE(blackbox, blackbox_rev);

double f(double x) {
  // CHECK: fwd-reverse-only.c:[[@LINE+3]]:10: error: ADPass:
  // CHECK-SAME: 'blackbox'
  // CHECK-SAME: AD_REGISTER_FORWARD
  return blackbox(x) * x;
}

double grad(double x) { return __ad_autodiff((void *)f, x); }

double tangent(double x) { return __ad_fwddiff((void *)f, ad_dup, x, 1.0); }
