// The caller's result type must hold one value per active scalar argument:
// a double for two active arguments, or a struct of three doubles for two.
// Both calls are reported.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x, double y) { return x * y; }

double g(double x, double y) {
  // CHECK: result-count-mismatch.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff: the call's result type double holds 1 values but 'f' has 2 active scalar arguments
  return __ad_autodiff((void *)f, x, y);
}

ad_double3 h(double x, double y) {
  // CHECK: result-count-mismatch.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff_d3: the call's result type {{.*}}ad_double3{{.*}} holds 3 values but 'f' has 2 active scalar arguments
  return __ad_autodiff_d3((void *)f, x, y);
}
