// A reverse derivative registered with AD_REGISTER_REVERSE whose type does
// not match the function (the double seed is missing): refused at the
// reverse function, naming both types. The registration is then ignored, so
// the call it was meant for is reported as having no derivative.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double blackbox(double x, const double *p, int n);

// CHECK: custom-reverse-signature.c:[[@LINE+1]]:13: error: ADPass: the reverse derivative 'blackbox_rev' registered for 'blackbox' has type void (double, ptr, i32, ptr, ptr); expected void (double, ptr, i32, double, ptr, ptr) (see AD_REGISTER_REVERSE in ad.h)
static void blackbox_rev(double x, const double *p, int n, double *dx,
                         double *dp) {
  *dx += x * p[0] * n;
  dp[0] += x;
}
AD_REGISTER_REVERSE(blackbox, blackbox_rev);

double f(double x, double *p) {
  // CHECK: custom-reverse-signature.c:[[@LINE+1]]:10: error: ADPass: in 'f': call to 'blackbox' on an active path has no derivative
  return blackbox(x, p, 3) * x;
}

double g(double x, double *p, double *dp) {
  return __ad_autodiff((void *)f, x, ad_dup, p, dp);
}
