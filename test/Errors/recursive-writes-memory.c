// A recursive function cannot be inlined: its gradient would call the
// callee's gradient, which runs the callee again in the reverse sweep. If the
// callee writes memory, that is refused at the recursive call, naming the
// callee.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

/* x[n-1] *= x[n-2], ..., then returns x[0]: writes the ad_dup array. */
double scan(double *x, int n) {
  if (n <= 1)
    return x[0];
  x[n - 1] *= x[n - 2];
  // CHECK: recursive-writes-memory.c:[[@LINE+1]]:10: error: ADPass: in 'scan': 'scan' is called without being inlined ({{.*}}) and writes memory, which is not supported yet; register a reverse derivative for it (AD_REGISTER_REVERSE)
  return scan(x, n - 1) + x[n - 1];
}

double g(double *x, double *dx, int n) {
  return __ad_autodiff((void *)scan, ad_dup, x, dx, n);
}
