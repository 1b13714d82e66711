// A function returning a struct of floating-point values, differentiated in
// reverse mode without the seed of its fields (`ad_seed, &s`:
// Integration/struct_result_seed.c): refused, saying how to pass it
// (forward mode returns its tangent: Integration/forward/struct_result.c).
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
  // CHECK: struct-return.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff: 'f' returns { double, double }; in reverse mode pass the seed of each of its values with 'ad_seed, &seed' (a variable of the result's type), or return a scalar (forward mode returns the tangent of such a result)
  return __ad_autodiff((void *)f, x);
}
