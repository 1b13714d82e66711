// A function returning a struct of floating-point values cannot be the
// differentiated function: its result would have to be seeded field by field.
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
  // CHECK: struct-return.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff: 'f' returns { double, double }; only scalar floating-point or non-floating results are supported: return through an ad_dup pointer instead
  return __ad_autodiff((void *)f, x);
}
