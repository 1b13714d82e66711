// Inline assembly on an active path has no derivative.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x) {
  double y = x * x;
  // CHECK: inline-asm.c:[[@LINE+1]]:3: error: ADPass: in 'f': inline assembly on an active path has no derivative
  __asm__("" : "+x"(y));
  return y * x;
}

double g(double x) { return __ad_autodiff((void *)f, x); }
