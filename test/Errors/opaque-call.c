// A call to an external function without a body or a derivative rule, on an
// active path: refused at the call inside the differentiated function, and
// the message names the callee.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double mystery(double);

double f(double x) {
  double y = x * x;
  // CHECK: opaque-call.c:[[@LINE+1]]:10: error: ADPass: in 'f': call to 'mystery' on an active path has no derivative; give the callee a body in this translation unit, register one with AD_REGISTER_REVERSE or AD_REGISTER_AUGMENTED (ad.h), mark it AD_INACTIVE if it does not influence the result, or pass its inputs as ad_const
  return mystery(y) + x;
}

double g(double x) { return __ad_autodiff((void *)f, x); }
