// std::complex functions that libstdc++ sends to complex.h (csin, cpow,
// ctanh, casin, cacosh, carg) and std::pow(z, 2.5) (clog, then polar), in
// both modes. With z = x0 + i x1, c = x2 + i x3 and
//   h = sin(z) z^c + tanh(z) + asin(z) + z^2.5 + acosh(z),
// f = Re h + 0.3 Im h + arg(z): d/dx0 = part(h_z), d/dx1 = part(i h_z),
// d/dx2 = part(h_c), d/dx3 = part(i h_c), plus arg's (-x1, x0) / |z|^2, with
//   h_z = cos(z) z^c + sin(z) c z^c / z + 1 - tanh(z)^2 + 1 / sqrt(1 - z^2)
//         + 2.5 z^1.5 + 1 / (sqrt(z - 1) sqrt(z + 1)),
//   h_c = sin(z) z^c log(z).
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <complex>

using C = std::complex<double>;

static double part(C w) { return w.real() + 0.3 * w.imag(); }

double f(const double *x) {
  C z(x[0], x[1]), c(x[2], x[3]);
  C h = std::sin(z) * std::pow(z, c) + std::tanh(z) + std::asin(z) +
        std::pow(z, 2.5) + std::acosh(z);
  return part(h) + std::arg(z);
}

int main() {
  const int n = 4;
  double x[n] = {0.45, -0.6, 1.3, 0.25}, d[n] = {};
  C z(x[0], x[1]), c(x[2], x[3]), i(0, 1), one(1, 0);
  C zc = std::pow(z, c), th = std::tanh(z);
  C hz = std::cos(z) * zc + std::sin(z) * c * zc / z + one - th * th +
         one / std::sqrt(one - z * z) + 2.5 * std::pow(z, 1.5) +
         one / (std::sqrt(z - one) * std::sqrt(z + one));
  C hc = std::sin(z) * zc * std::log(z);
  double n2 = std::norm(z);
  double want[n] = {part(hz) - x[1] / n2, part(i * hz) + x[0] / n2, part(hc),
                    part(i * hc)};
  ad::gradient(f, ad::dup(x, d));
  check_gradient("complex functions", f, x, d, want, n);
  for (int k = 0; k < n; ++k) {
    double t[n] = {};
    t[k] = 1;
    std::string name = "complex functions, forward " + std::to_string(k);
    ad_check(name.c_str(), ad::tangent(f, ad::dup(x, t)), want[k],
             fd_at(f, x, n, k));
  }
  return ad_check_report();
}
