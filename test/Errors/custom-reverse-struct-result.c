// A function with a registered reverse that returns a struct of doubles in
// registers: the registered reverse takes a scalar seed, so the adjoint of
// the struct would be lost. Refused (functions with bodies and no
// registration get the whole struct's adjoint as their seed:
// Integration/calls/struct_return_recursive.c).
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

typedef struct {
  double a, b;
} P;

__attribute__((noinline)) P two(double x) {
  P p = {x * x, 3 * x};
  return p;
}
void two_rev(double x, double *dx) { *dx += 0; }
AD_REGISTER_REVERSE(two, two_rev);

double f(double x) {
  // CHECK: custom-reverse-struct-result.c:[[@LINE+1]]:9: error: ADPass: in 'f': 'two' returns floating-point values in a vector or struct; a registered reverse (AD_REGISTER_REVERSE, AD_REGISTER_AUGMENTED) supports a scalar result: return the values through a pointer instead
  P p = two(x);
  return p.a + p.b;
}

double g(double x) { return __ad_autodiff((void *)f, x); }
