// Without -g there is no location for the call: the error about a bad
// gradient call points at the function that contains the call (at -O2 and
// at -O0 alike).
// RUN: %not %clang -O2 -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x, double y) { return x * y; }

// CHECK: no-debug-info-call.c:[[@LINE+1]]:8: error: ADPass: __ad_autodiff: 'f' takes 2 argument(s) but the call passes 1
double caller(double x) { return __ad_autodiff((void *)f, x); }
