// The C++ pattern helpers refuse -ffinite-math-only the same way, where a
// pattern is detected (ad.hpp alone still compiles with -ffast-math).
// RUN: %not %clangxx -std=c++17 -O2 -ffast-math -c -DDETECT %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=PLEASE
// RUN: %clangxx -std=c++17 -O2 -ffast-math -c %s -o /dev/null
// RUN: %clangxx -std=c++17 -O2 -c -DDETECT %s -o /dev/null
#include <ad.hpp>

static void f(const double *x, double *y) { y[0] = x[0] * x[1]; }

int pattern(const double *x, double *y, int *rowptr, int *colidx) {
#ifdef DETECT
  // CHECK: error: static assertion failed{{.*}}ADPass: sparsity detection propagates NaN; it cannot be compiled with -ffinite-math-only (-ffast-math)
  return ad::jacobian_pattern<f>(x, 2, y, 1, rowptr, colidx, 2, nullptr);
#else
  return 0;
#endif
}
