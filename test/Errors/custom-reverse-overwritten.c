// A function with a registered reverse reads a buffer that the caller
// writes again after the call (in the next iteration of a loop around it):
// the reverse runs in the reverse sweep, after those writes, and would read
// the new values. Refused at the call. (A buffer only written before the
// call is fine: Integration/calls/custom_reverse_local_buffer.c.)
// RUN: %not %clang -O1 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <math.h>

double fastdot(const double *a, const double *b, int n);
void fastdot_rev(const double *a, const double *b, int n, double seed,
                 double *da, double *db);
AD_REGISTER_REVERSE(fastdot, fastdot_rev);

double m(const double *x, int n) {
  double buf[4], s = 0;
  for (int k = 0; k < n; k++) {
    for (int i = 0; i < 4; i++)
      buf[i] = tanh(x[i] * k);
    // CHECK: custom-reverse-overwritten.c:[[@LINE+1]]:10: error: ADPass: in 'm': the reverse derivative registered for 'fastdot' runs in the reverse sweep, where memory it reads has been overwritten by 'm'; copy that memory before writing it
    s += fastdot(buf, x, 4);
  }
  return s;
}

double g(const double *x, double *dx, int n) {
  return __ad_autodiff((void *)m, x, dx, n);
}
