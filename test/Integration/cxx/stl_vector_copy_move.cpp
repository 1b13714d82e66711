// std::vector constructed from a range, from a count and value, from an
// initializer list, copied, moved and assigned, and a vector of vectors.
//   f1 = sum_i u_i x_{i%n} where u = moved copy of (x, 1, ..., 1)
//   f2 = sum over a 2 x n matrix of rows (x_i, x_i^2): 1 + 2 x_i
//   f3 = {x0, x1, x2} initializer list, assigned: x0 x1 + x2
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <utility>
#include <vector>

double f1(const double *x, int n) {
  std::vector<double> v(x, x + n);
  std::vector<double> ones(n, 1.0);
  v.insert(v.end(), ones.begin(), ones.end());
  std::vector<double> w = v;
  std::vector<double> u = std::move(w);
  double s = 0;
  for (size_t i = 0; i < u.size(); i++)
    s += u[i] * x[i % n];
  return s;
}

double f2(const double *x, int n) {
  std::vector<std::vector<double>> m(2, std::vector<double>(n));
  for (int i = 0; i < n; i++) {
    m[0][i] = x[i];
    m[1][i] = x[i] * x[i];
  }
  double s = 0;
  for (const auto &row : m)
    for (double v : row)
      s += v;
  return s;
}

double f3(const double *x, int) {
  std::vector<double> a = {x[0], x[1], x[2]};
  std::vector<double> b;
  b = a;
  return b[0] * b[1] + b[2];
}

int main() {
  const int n = 4;
  double x[n] = {0.3, 1.2, 0.7, 0.9};
  double d1[n] = {}, d2[n] = {}, d3[n] = {};
  double w1[n], w2[n], w3[n] = {x[1], x[0], 1, 0};
  ad::gradient(f1, ad::dup(x, d1), ad::constant(n));
  ad::gradient(f2, ad::dup(x, d2), ad::constant(n));
  ad::gradient(f3, ad::dup(x, d3), ad::constant(n));
  for (int i = 0; i < n; i++) {
    w1[i] = 2 * x[i] + 1;
    w2[i] = 1 + 2 * x[i];
  }
  check_gradient(
      "copy and move", [&](const double *p) { return f1(p, n); }, x, d1, w1, n);
  check_gradient(
      "vector of vectors", [&](const double *p) { return f2(p, n); }, x, d2, w2,
      n);
  check_gradient(
      "initializer list", [&](const double *p) { return f3(p, n); }, x, d3, w3,
      n);
  return ad_check_report();
}
