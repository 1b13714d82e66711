// OpenMP is not differentiated yet: a parallel region on an active path is
// refused at the function, naming the construct, instead of being ignored
// (the outlined region's work would be lost). The same loop without
// -fopenmp is an ordinary loop and compiles.
// RUN: %not %clang -O2 -fopenmp -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -fopenmp -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %clang -O2 -g -c %s -o /dev/null
#include <ad.h>

double sumsq(double *x, int n) {
  double s = 0;
// CHECK: openmp-refused.c:[[@LINE+1]]:1: error: ADPass: in 'sumsq': call to '__kmpc_fork_call' (an OpenMP construct) on an active path: ADPass does not differentiate OpenMP yet
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  return s;
}

void grad(double *x, double *dx, int n) {
  __ad_autodiff((void *)sumsq, ad_dup, x, dx, n);
}
