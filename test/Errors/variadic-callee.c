// A variadic helper (va_arg) called on an active path: its body is here,
// but variadic functions are not differentiated. The message says so (it
// used to ask for a body).
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <stdarg.h>

__attribute__((noinline)) static double wsum(int n, ...) {
  va_list ap;
  va_start(ap, n);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (i + 1) * va_arg(ap, double);
  va_end(ap);
  return s;
}

double f(const double *x) {
  // CHECK: variadic-callee.c:[[@LINE+1]]:10: error: ADPass: in 'f': call to 'wsum' on an active path: a variadic function (va_arg) is not differentiated; pass its values in an array, or mark it AD_INACTIVE if it does not influence the result
  return wsum(2, x[0] * x[0], x[1]);
}

double g(const double *x, double *dx) {
  return __ad_autodiff((void *)f, x, dx);
}
