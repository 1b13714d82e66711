// libm functions a probe found refused: inverse hyperbolic functions,
// fdim, remainder, nextafter (x's step), logb and the integer roundings lround,
// lrint, llround, ilogb (piecewise constant, like floor). Reverse and forward
// mode against analytic values and finite differences, -O0..-O3.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
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
  return ad_check_report();
}
