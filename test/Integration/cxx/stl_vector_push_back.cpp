// std::vector filled inside the differentiated function: reserve and
// push_back, growth by reallocation without reserve (the buffer is replaced
// by a bigger block in the loop, the old one freed), emplace_back, insert at
// the front, resize; at -O0 through the library's call chains.
//   f1 = sum x_i^2: 2 x_i
//   f2 = sum_i v_i w_i with v = (x, 1, 1, ...) after resize, w_i = x_{i%n}
//   f3 = v0 * v_{n-1} with v = (2 x_{n-1}, ..., 2 x_1, x_0)
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <vector>

double f1(const double *x, int n) {
  std::vector<double> e;
  e.reserve(n);
  for (int i = 0; i < n; i++)
    e.push_back(x[i] * x[i]);
  double s = 0;
  for (double v : e)
    s += v;
  return s;
}

double f1_grow(const double *x, int n) {
  std::vector<double> e; // no reserve: reallocations
  for (int i = 0; i < n; i++)
    e.push_back(x[i] * x[i]);
  double s = 0;
  for (size_t i = 0; i < e.size(); i++)
    s += e[i];
  return s;
}

double f2(const double *x, int n) {
  std::vector<double> v;
  for (int i = 0; i < n; i++)
    v.emplace_back(x[i]);
  v.resize(2 * n, 1.0);
  double s = 0;
  for (size_t i = 0; i < v.size(); i++)
    s += v[i] * x[i % n];
  return s;
}

double f3(const double *x, int n) {
  std::vector<double> v;
  v.push_back(x[0]);
  for (int i = 1; i < n; i++)
    v.insert(v.begin(), x[i] * 2);
  return v[0] * v[n - 1];
}

int main() {
  const int n = 5;
  double x[n] = {0.3, 1.2, 0.7, 0.9, -0.4};
  double d1[n] = {}, d1g[n] = {}, d2[n] = {}, d3[n] = {};
  double w1[n], w2[n], w3[n] = {};
  ad::gradient(f1, ad::dup(x, d1), ad::constant(n));
  ad::gradient(f1_grow, ad::dup(x, d1g), ad::constant(n));
  ad::gradient(f2, ad::dup(x, d2), ad::constant(n));
  ad::gradient(f3, ad::dup(x, d3), ad::constant(n));
  for (int i = 0; i < n; i++) {
    w1[i] = 2 * x[i];
    w2[i] = 2 * x[i] + 1; // x_i^2 + (1 * x_i) from the resized half
  }
  w3[0] = 2 * x[n - 1];
  w3[n - 1] = 2 * x[0];
  check_gradient(
      "push_back", [&](const double *p) { return f1(p, n); }, x, d1, w1, n);
  check_gradient(
      "growth", [&](const double *p) { return f1_grow(p, n); }, x, d1g, w1, n);
  check_gradient(
      "emplace_back + resize", [&](const double *p) { return f2(p, n); }, x, d2,
      w2, n);
  check_gradient(
      "insert", [&](const double *p) { return f3(p, n); }, x, d3, w3, n);
  double t[n] = {1, 0, 0, 0, 0};
  ad_check("push_back, forward",
           ad::tangent(f1_grow, ad::dup(x, t), ad::constant(n)), 2 * x[0],
           fd_at([&](const double *p) { return f1_grow(p, n); }, x, n, 0));
  return ad_check_report();
}
