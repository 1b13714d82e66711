// Too many arguments for the differentiated function.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x) { return x * x; }

double g(double x, double y) {
  // CHECK: args-too-many.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff: 'f' takes 1 argument(s) but the call passes more
  return __ad_autodiff((void *)f, x, y);
}
