// -Rpass-analysis=ad prints one remark per derivative, at the differentiated
// function: how many of its instructions are active, how many primal
// instructions the gradient dropped, how many values it tapes and
// recomputes, and its size after cleanup. f(x) = sin(x) x: sin and the
// product are active (the return is not), the product itself is not needed
// by the gradient, and nothing is taped. The loop x = sin(x) c[i] tapes one
// value (x, for cos(x)). Without the flag there is no remark.
// RUN: %clang -O2 -Rpass-analysis=ad -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %clang -O0 -Rpass-analysis=ad -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %clang -O2 -c %s -o /dev/null 2>&1 | %FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: remark
#include <ad.h>
#include <math.h>

// CHECK-DAG: remark-gradient-summary.c:[[@LINE+1]]:1: remark: gradient of 'f': 2 of 3 instructions active, 1 primal instructions dropped, 0 values taped, 0 recomputed; {{[0-9]+}} instructions after cleanup [-Rpass-analysis=ad]
double f(double x) { return sin(x) * x; }

// CHECK-DAG: remark-gradient-summary.c:[[@LINE+1]]:1: remark: gradient of 'h': {{[0-9]+}} of {{[0-9]+}} instructions active, {{[0-9]+}} primal instructions dropped, 1 values taped, {{[0-9]+}} recomputed; {{[0-9]+}} instructions after cleanup [-Rpass-analysis=ad]
double h(double x, const double *c, int n) {
  for (int i = 0; i < n; ++i)
    x = sin(x) * c[i];
  return x;
}

double g(double x) { return __ad_autodiff((void *)f, x); }
double k(double x, double *c, int n) {
  return __ad_autodiff((void *)h, x, ad_const, c, n);
}
