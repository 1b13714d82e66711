// libm functions a probe found refused: inverse hyperbolic functions,
// fdim, remainder, nextafter (x's step), logb and the integer roundings lround,
// lrint, llround, ilogb (piecewise constant, like floor), the Bessel
// functions of both kinds (j0, j1, jn, y0, y1, yn; float jnf) and sincos
// (writing sin and cos through pointers). Reverse and forward mode against
// analytic values (the Bessel recurrences) and finite differences, -O0..-O3.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#define _GNU_SOURCE
#include "adcheck.h"
#include <ad.h>
#include <math.h>

static double hyperbolic(const double *x) {
  return asinh(x[0]) * 2 + acosh(x[1]) + atanh(x[2] / 4);
}
static double dims(const double *x) {
  return fdim(x[0], x[1]) * 3 + fdim(x[1], x[0]) + nextafter(x[2], 10.0) +
         remainder(x[1] * 5, x[0]);
}
static double integral(const double *x) {
  long k = lround(x[0] * 10) + lrint(x[1]) + (long)llround(x[2]);
  return x[0] * x[1] + 0.01 * (double)k + ilogb(x[2]) + logb(x[1]) * x[2];
}

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
    double w[3] = {2 / sqrt(x[0] * x[0] + 1), 1 / sqrt(x[1] * x[1] - 1),
                   0.25 / (1 - x[2] * x[2] / 16)};
    CHECK3("asinh acosh atanh", hyperbolic, x, w);
  }
  {
    // x1 > x0: only fdim(x1, x0) moves; remainder(5 x1, x0) = 5 x1 - n x0.
    double n = round(5 * x[1] / x[0]);
    double w[3] = {-1 - n, 1 + 5, 1};
    CHECK3("fdim nextafter", dims, x, w);
  }
  {
    double w[3] = {x[1], x[0], logb(x[1])};
    CHECK3("integer roundings", integral, x, w);
  }
  {
    // J0' = -J1, J1' = J0 - J1/x, J3' = (J2 - J4)/2.
    double w[3] = {-2 * j1(x[0]) + jn(0, x[1]),
                   j0(x[1]) - j1(x[1]) / x[1] - j1(x[1]) * x[0],
                   (jn(2, x[2]) - jn(4, x[2])) / 2};
    CHECK3("bessel j", first_kind, x, w);
  }
  {
    double w[3] = {-y1(x[0]), 3 * (y0(x[1]) - y1(x[1]) / x[1]),
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
