// A function with a registered reverse (AD_REGISTER_REVERSE) given a local
// buffer that the caller filled before the call and does not write after
// it: the reverse runs in the reverse sweep on the same buffer, unchanged.
// It was refused at every level ("memory it reads has been overwritten"):
// writes before the call counted as writes after it. A buffer written in
// a loop around the call, before it, is still refused
// (Errors/custom-reverse-overwritten.c).
//   m1 = sum_i tanh(x_i) x_i: dx_i = tanh(x_i) + x_i (1 - tanh^2(x_i))
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

static int n_rev;

__attribute__((noinline)) double fastdot(const double *a, const double *b,
                                         int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}
static void fastdot_rev(const double *a, const double *b, int n, double seed,
                        double *da, double *db) {
  ++n_rev;
  for (int i = 0; i < n; i++) {
    if (da)
      da[i] += seed * b[i];
    if (db)
      db[i] += seed * a[i];
  }
}
AD_REGISTER_REVERSE(fastdot, fastdot_rev);

double m1(const double *x, int n) {
  double buf[3] = {tanh(x[0]), tanh(x[1]), tanh(x[2])};
  return fastdot(buf, x, n);
}

static double m1_3(const double *x) { return m1(x, 3); }

int main(void) {
  double x[3] = {0.1, -0.7, 0.3}, dx[3] = {0};
  __ad_autodiff((void *)m1, x, dx, 3);
  for (int i = 0; i < 3; i++) {
    double t = tanh(x[i]);
    double want = t + x[i] * (1 - t * t);
    ad_check("dx", dx[i], want, ad_fdn(m1_3, x, 3, i));
  }
  ad_check_exact("reverse calls", n_rev, 1);
  return ad_check_report();
}
