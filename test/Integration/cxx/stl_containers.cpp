// std::array, std::valarray, std::complex, iterators and range-for.
//   f1 = sum (2 x_i)^2 over a std::array: 8 x_i
//   f2 = sum (v_i^2 + 2 v_i) over a std::valarray: 2 x_i + 2
//   f3 = |z w + exp(z) / w| + Re(log(w) + sqrt(z)) with z = x0 + i x1,
//        w = x2 + i x3 (checked against finite differences)
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <array>
#include <complex>
#include <valarray>

double f1(const double *x, int) {
  std::array<double, 4> a{};
  for (std::size_t i = 0; i < a.size(); i++)
    a[i] = x[i] * 2;
  double s = 0;
  for (auto it = a.begin(); it != a.end(); ++it)
    s += *it * *it;
  return s;
}

double f2(const double *x, int n) {
  std::valarray<double> v(x, n);
  std::valarray<double> w = v * v + 2.0 * v;
  return w.sum();
}

double f3(const double *x, int) {
  std::complex<double> z(x[0], x[1]), w(x[2], x[3]);
  std::complex<double> r = z * w + std::exp(z) / w;
  return std::abs(r) + (std::log(w) + std::sqrt(z)).real();
}

int main() {
  const int n = 4;
  double x[n] = {0.3, 1.2, 0.7, 0.9};
  double d1[n] = {}, d2[n] = {}, d3[n] = {};
  double w1[n], w2[n], w3[n];
  ad::gradient(f1, ad::dup(x, d1), ad::constant(n));
  ad::gradient(f2, ad::dup(x, d2), ad::constant(n));
  ad::gradient(f3, ad::dup(x, d3), ad::constant(n));
  for (int i = 0; i < n; i++) {
    w1[i] = 8 * x[i];
    w2[i] = 2 * x[i] + 2;
    w3[i] = fd_at([&](const double *p) { return f3(p, n); }, x, n, i);
  }
  check_gradient(
      "std::array", [&](const double *p) { return f1(p, n); }, x, d1, w1, n);
  check_gradient(
      "std::valarray", [&](const double *p) { return f2(p, n); }, x, d2, w2, n);
  check_gradient(
      "std::complex", [&](const double *p) { return f3(p, n); }, x, d3, w3, n);
  double t[n] = {0, 0, 1, 0};
  ad_check("std::complex, forward",
           ad::tangent(f3, ad::dup(x, t), ad::constant(n)), w3[2], w3[2]);
  return ad_check_report();
}
