// A forward derivative registered with AD_REGISTER_FORWARD whose type does
// not match the function (the pointer for the primal result is missing):
// refused at the forward function, naming both types. The registration is
// then ignored, so the call it was meant for is reported as having no
// derivative.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double blackbox(double x, const double *p, int n);

// CHECK: fwd-signature.c:[[@LINE+1]]:15: error: ADPass: the forward derivative 'blackbox_fwd' registered for 'blackbox' has type double (double, ptr, i32, double, ptr); expected double (double, ptr, i32, double, ptr, ptr) (see AD_REGISTER_FORWARD in ad.h)
static double blackbox_fwd(double x, const double *p, int n, double dx,
                           const double *dp) {
  return dx * p[0] * n + x * (dp ? dp[0] : 0) * n;
}
AD_REGISTER_FORWARD(blackbox, blackbox_fwd);

double f(double x, double *p) {
  // CHECK: fwd-signature.c:[[@LINE+2]]:10: error: ADPass: in 'f': call to 'blackbox'
  // CHECK-SAME: AD_REGISTER_FORWARD
  return blackbox(x, p, 3) * x;
}

double g(double x, double *p, double *dp) {
  return __ad_fwddiff((void *)f, ad_dup, x, 1.0, ad_dup, p, dp);
}
