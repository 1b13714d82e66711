// Sparsity detection propagates NaN through the function's tangents; under
// -ffinite-math-only (-ffast-math) the compiler may assume no NaN and drop
// entries, so the pattern helpers refuse to compile there, saying why.
// RUN: %not %clang -O2 -ffast-math -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=PLEASE
// RUN: %not %clang -O2 -ffinite-math-only -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=PLEASE
// RUN: %clang -O2 -c %s -o /dev/null
#include <ad_higher.h>

static void f(const double *x, double *y) { y[0] = x[0] * x[1]; }
// CHECK: sparsity-finite-math.c:[[@LINE+1]]:1: error: static assertion failed{{.*}}ADPass: sparsity detection propagates NaN; it cannot be compiled with -ffinite-math-only (-ffast-math)
AD_DEFINE_JACOBIAN_PATTERN(f_pattern, f)
