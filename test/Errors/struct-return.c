// A function returning a struct of floating-point values cannot be the
// function differentiated in reverse mode: its result would have to be
// seeded field by field (forward mode returns its tangent:
// Integration/forward/struct_result.c).
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

typedef struct {
  double a, b;
} pair;

pair f(double x) {
  pair p = {x, x * x};
  return p;
}

double g(double x) {
  // CHECK: struct-return.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff: 'f' returns { double, double }; reverse mode supports scalar floating-point or non-floating results: return through an ad_dup pointer instead (forward mode returns the tangent of such a result)
  return __ad_autodiff((void *)f, x);
}
