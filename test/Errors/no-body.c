// The differentiated function must be defined in the translation unit.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x);

double g(double x) {
  // CHECK: no-body.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff: 'f' has no body in this translation unit; AD needs its definition
  return __ad_autodiff((void *)f, x);
}
