// Vector mode (ad_width) does not differentiate OpenMP parallel regions
// yet, in forward or reverse mode: refused, never guessed, no crash.
// RUN: %not %clang -O2 -fopenmp -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -fopenmp -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

// CHECK: error: ADPass: vector mode (ad_width) does not differentiate OpenMP parallel regions yet; make one call per direction
void f(const double *x, double *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    y[i] = x[i] * x[i];
}

void reverse(const double *x, double *dx, double *y, double *dy, int n) {
  __ad_autodiff((void *)f, ad_width, 2, ad_dupv, 8 * n, x, dx, ad_dupv, 8 * n,
                y, dy, ad_const, n);
}

void forward(const double *x, double *dx, double *y, double *dy, int n) {
  __ad_fwddiff((void *)f, ad_width, 2, ad_dupv, 8 * n, x, dx, ad_dupv, 8 * n,
               y, dy, ad_const, n);
}
