// std::valarray beyond element-wise arithmetic: std::slice and gslice
// views (read and assigned), cshift and shift, apply with a lambda, the
// transcendental overloads (std::exp, std::sin, std::sqrt), a mask_array,
// min/max, and compound assignment through a slice.
//   f1 = sum_i x_i exp(x_{i+1 mod n}) over cshift: each x_j gets
//        exp(x_{j+1}) + x_{j-1} exp(x_j)
//   f2 = sum of even-index slice squared + 3 * sum of odd-index slice
//        scaled by (sqrt of the slice) + max(x)
//   f3 = sum over v.apply(a -> a^3) masked to v > 0, plus shift(1) dot v
// shift() copies n - k doubles into a new block and zeroes the last k with
// a memset, which InstCombine makes an integer store (`store i64 0`): a
// zero over floats, once refused as "mixed" at -O1+.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <cmath>
#include <valarray>

double f1(const double *x, int n) {
  std::valarray<double> v(x, n);
  std::valarray<double> e = std::exp(v.cshift(1));
  return (v * e).sum();
}

double f2(const double *x, int n) {
  std::valarray<double> v(x, n);
  std::valarray<double> ev = v[std::slice(0, n / 2, 2)];
  std::valarray<double> od = v[std::slice(1, n / 2, 2)];
  od *= std::sqrt(od);
  v[std::slice(1, n / 2, 2)] = od; // write the odd slice back
  double s = (ev * ev).sum();
  std::valarray<double> back = v[std::slice(1, n / 2, 2)];
  return s + 3 * back.sum() + v.max();
}

double f3(const double *x, int n) {
  std::valarray<double> v(x, n);
  std::valarray<double> c = v.apply([](double a) { return a * a * a; });
  std::valarray<double> pos = c[v > 0.0];
  std::valarray<double> sh = v.shift(1); // (x1, ..., x_{n-1}, 0)
  return pos.sum() + (sh * v).sum() + std::sin(v).sum();
}

int main() {
  const int n = 6;
  // odd-index entries positive (sqrt), max at index 3
  double x[n] = {0.4, 1.1, -0.6, 2.5, 0.9, 0.3};
  double d1[n] = {}, d2[n] = {}, d3[n] = {};
  ad::gradient(f1, ad::dup(x, d1), ad::constant(n));
  ad::gradient(f2, ad::dup(x, d2), ad::constant(n));
  ad::gradient(f3, ad::dup(x, d3), ad::constant(n));
  double w1[n], w2[n], w3[n];
  for (int j = 0; j < n; j++) {
    int nx = (j + 1) % n, pv = (j + n - 1) % n;
    w1[j] = std::exp(x[nx]) + x[pv] * std::exp(x[j]);
    // even: 2 x; odd: 3 * 1.5 sqrt(x); plus 1 at the max
    w2[j] = j % 2 == 0 ? 2 * x[j] : 4.5 * std::sqrt(x[j]);
    // v_j^3 if positive; shift: sum_i x_{i+1} x_i; sin
    w3[j] = (x[j] > 0 ? 3 * x[j] * x[j] : 0) + (j > 0 ? x[j - 1] : 0) +
            (j + 1 < n ? x[j + 1] : 0) + std::cos(x[j]);
  }
  w2[3] += 1.5 * std::sqrt(x[3]); // v.max() is v_3 = x_3^1.5
  check_gradient(
      "cshift exp", [&](const double *p) { return f1(p, n); }, x, d1, w1, n);
  check_gradient(
      "slices", [&](const double *p) { return f2(p, n); }, x, d2, w2, n);
  check_gradient(
      "apply mask shift", [&](const double *p) { return f3(p, n); }, x, d3, w3,
      n);
  double t[n] = {0, 0, 0, 1, 0, 0};
  ad_check("slices tangent x3", ad::tangent(f2, ad::dup(x, t), ad::constant(n)),
           w2[3], w2[3]);
  return ad_check_report();
}
