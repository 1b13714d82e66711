// A call to an external function without a body or a derivative rule, on an
// active path of a function differentiated in forward mode: refused at the
// call inside the differentiated function; the message names the callee and
// says how to register a forward derivative.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double mystery(double);

double f(double x) {
  double y = x * x;
  // CHECK: fwd-no-forward.c:[[@LINE+2]]:10: error: ADPass: in 'f': call to 'mystery'
  // CHECK-SAME: AD_REGISTER_FORWARD
  return mystery(y) + x;
}

double g(double x) { return __ad_fwddiff((void *)f, ad_dup, x, 1.0); }
