// A function with only a forward derivative (AD_REGISTER_FORWARD) and no
// body, called inside a function differentiated in reverse mode: refused at
// the call, saying that reverse mode needs a reverse registration. Forward
// mode of the same function uses the registration and compiles.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double blackbox(double x);

static double blackbox_fwd(double x, double dx, double *result) {
  *result = x * x;
  return 2 * x * dx;
}
AD_REGISTER_FORWARD(blackbox, blackbox_fwd);

double f(double x) {
  // CHECK: rev-forward-only.c:[[@LINE+1]]:10: error: ADPass: in 'f': call to 'blackbox' on an active path has only a forward derivative (AD_REGISTER_FORWARD); reverse mode needs its body or a reverse registered with AD_REGISTER_REVERSE or AD_REGISTER_AUGMENTED (ad.h)
  return blackbox(x) * x;
}

double tangent(double x) { return __ad_fwddiff((void *)f, ad_dup, x, 1.0); }

double grad(double x) { return __ad_autodiff((void *)f, x); }
