// C++: function templates instantiated for double and float and passed as
// (void *)f<double>; std:: math functions.
// RUN: %clangxx -O0 %s -o %t0 && %t0
// RUN: %clangxx -O1 %s -o %t1 && %t1
// RUN: %clangxx -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <ad.h>
#include <cmath>

template <typename T> T f(T x, T y) { return x * x * y + std::sin(x); }

template <typename T> T g(T x) {
  if (x > T(1))
    return std::exp(x) / x;
  return std::log(x + T(2)) * x;
}

static double f_a(const double *a) { return f<double>(a[0], a[1]); }
static float f_af(const float *a) { return f<float>(a[0], a[1]); }

int main() {
  double a[2] = {0.8, -1.5};
  float af[2] = {0.8f, -1.5f};
  double x = a[0], y = a[1];

  ad_double2 r = __ad_autodiff_d2((void *)f<double>, x, y);
  ad_check("f<double> dx", r.d[0], 2 * x * y + std::cos(x),
           ad_fdn(f_a, a, 2, 0));
  ad_check("f<double> dy", r.d[1], x * x, ad_fdn(f_a, a, 2, 1));

  double xf = af[0], yf = af[1];
  ad_check_f("f<float> dx",
             __ad_autodiff_f((void *)f<float>, af[0], ad_const, af[1]),
             2 * xf * yf + std::cos(xf), ad_fdnf(f_af, af, 2, 0));

  ad_check("g<double> x > 1", __ad_autodiff((void *)g<double>, 1.5),
           std::exp(1.5) / 1.5 - std::exp(1.5) / (1.5 * 1.5),
           ad_fd(g<double>, 1.5));
  double z = ad_opaque(0.5);
  ad_check("g<double> x <= 1", __ad_autodiff((void *)g<double>, z),
           std::log(z + 2) + z / (z + 2), ad_fd(g<double>, z));
  return ad_check_report();
}
