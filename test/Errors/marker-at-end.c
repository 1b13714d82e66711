// An activity marker must be followed by the argument it qualifies.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x) { return x * x; }

double g(double x) {
  // CHECK: marker-at-end.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff: activity marker 'ad_out' is not followed by an argument
  return __ad_autodiff((void *)f, ad_out);
}
