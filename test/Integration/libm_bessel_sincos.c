// Bessel functions of both kinds (j0, j1, jn, y0, y1, yn; float jnf) and
// sincos (writing sin and cos through pointers), which a probe found
// refused. Reverse and forward mode against the recurrences and finite
// differences, -O0..-O3.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#define _GNU_SOURCE
#include "adcheck.h"
#include <ad.h>
#include <math.h>

static double first_kind(const double *x) {
  return j0(x[0]) * 2 + j1(x[1]) + jn(3, x[2]) + jn(0, x[1]) * x[0];
}
static double second_kind(const double *x) {
  return y0(x[0]) + y1(x[1]) * 3 + yn(2, x[2]);
}
static float bessel_float(float x) { return jnf(2, x); }
static double rotation(const double *x) {
  double s, c, total = 0;
  for (int i = 0; i < 3; i++) {
    sincos(x[i] * (i + 1), &s, &c);
    total += s * c + c * x[(i + 1) % 3];
  }
  return total;
}

#define CHECK3(name, f, x, want)                                               \
  do {                                                                         \
    double d[3] = {0, 0, 0};                                                   \
    __ad_autodiff((void *)f, ad_dup, x, d);                                    \
    for (int i = 0; i < 3; i++) {                                              \
      double t[3] = {0, 0, 0};                                                 \
      t[i] = 1;                                                                \
      ad_check(name, d[i], want[i], ad_fdn(f, x, 3, i));                       \
      ad_check(name, __ad_fwddiff((void *)f, ad_dup, x, t), want[i],           \
               ad_fdn(f, x, 3, i));                                            \
    }                                                                          \
  } while (0)

int main(void) {
  double x[3] = {0.7, 2.9, 1.3};
  {
    // J0' = -J1, J1' = J0 - J1/x, J3' = (J2 - J4)/2.
    double w[3] = {-2 * j1(x[0]) + jn(0, x[1]),
                   j0(x[1]) - j1(x[1]) / x[1] - j1(x[1]) * x[0],
                   (jn(2, x[2]) - jn(4, x[2])) / 2};
    CHECK3("bessel j", first_kind, x, w);
  }
  {
    double w[3] = {-y1(x[0]),
                   3 * (y0(x[1]) - y1(x[1]) / x[1]),
                   (yn(1, x[2]) - yn(3, x[2])) / 2};
    CHECK3("bessel y", second_kind, x, w);
  }
  {
    // Float: jnf(2, x)' = (jnf(1, x) - jnf(3, x)) / 2.
    float xf = 1.7f;
    ad_check_f("bessel jnf", __ad_autodiff_f((void *)bessel_float, xf),
               (jn(1, xf) - jn(3, xf)) / 2, ad_fdf(bessel_float, xf));
  }
  {
    double w[3];
    for (int i = 0; i < 3; i++) {
      double a = x[i] * (i + 1);
      w[i] = (i + 1) * (cos(2 * a) - sin(a) * x[(i + 1) % 3]) +
             cos(x[(i + 2) % 3] * ((i + 2) % 3 + 1));
    }
    CHECK3("sincos", rotation, x, w);
  }
  return ad_check_report();
}
