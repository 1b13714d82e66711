// A variadic function cannot be differentiated.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x, ...) { return x * x; }

double g(double x) {
  // CHECK: variadic-function.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff: 'f' is variadic, which is not supported
  return __ad_autodiff((void *)f, x);
}
