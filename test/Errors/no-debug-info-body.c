// Without -g, an error inside the differentiated function points at that
// function (not at the gradient call, nor at an internal clone).
// RUN: %not %clang -O2 -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double mystery(double);

// CHECK: no-debug-info-body.c:[[@LINE+1]]:8: error: ADPass: in 'model': call to 'mystery' on an active path has no derivative
double model(double x) {
  double y = x * x;
  return mystery(y) + x;
}

double caller(double x) { return __ad_autodiff((void *)model, x); }
