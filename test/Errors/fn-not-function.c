// The first argument must name a function: a function pointer loaded at run
// time cannot be differentiated at compile time.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x) { return x * x; }
double (*volatile fp)(double) = f;

double g(double x) {
  // CHECK: fn-not-function.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff: the first argument must be a function (possibly cast to void *), not a computed pointer
  return __ad_autodiff((void *)fp, x);
}
