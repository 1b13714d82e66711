// A callee that is not inlined (recursive) and returns a struct of doubles
// whose fields are active: refused at the call in both modes (its result's
// adjoint or tangent would be lost; it used to be a silent zero gradient).
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

typedef struct {
  double a, b;
} P;

__attribute__((noinline)) P rp(double x, double y, int n) {
  if (n == 0) {
    P p = {x * y, x + y};
    return p;
  }
  P q = rp(x * x, y, n - 1);
  P r = {q.a * y, q.b * x};
  return r;
}

double g(double x, double y) {
  // CHECK-DAG: struct-return-callee.c:[[@LINE+2]]:9: error: ADPass: in 'g': 'rp' returns floating-point values in a vector or struct; reverse mode supports a scalar result: return the values through a pointer instead
  // CHECK-DAG: struct-return-callee.c:[[@LINE+1]]:9: error: ADPass: in 'g': 'rp' returns floating-point values in a vector or struct; forward mode supports a scalar result: return the values through a pointer instead
  P p = rp(x, y, 2);
  return p.a + p.b;
}

double grad(double x, double y) {
  return __ad_autodiff((void *)g, x, ad_const, y);
}

double tangent(double x, double y) {
  return __ad_fwddiff((void *)g, ad_dup, x, 1.0, ad_const, y);
}
