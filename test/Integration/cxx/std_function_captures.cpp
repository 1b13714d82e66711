// std::function holding lambdas that capture active values, by value and
// by reference, called in a loop inside the differentiated function. At -O1
// clang copies a captured double into the std::function as an i64 (tagged
// "double" by TBAA) next to the handler pointers: the gradient through the
// capture used to be silently zero there; the handlers stored in the local
// object are dispatched at every level.
//   L = sum_{i<m} sin(a t_i) + sum_{i<m} b^2 t_i + c(a, b) with t_i = i/m,
//   c = a b (captured by reference), all through std::function.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1 && %valgrind %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <cmath>
#include <functional>

static double sum_over(const std::function<double(double)> &g, int m) {
  double s = 0;
  for (int i = 0; i < m; ++i)
    s += g(double(i) / m);
  return s;
}

double loss(const double *p, int m) {
  double a = p[0], b = p[1];
  double total = sum_over([a](double t) { return std::sin(a * t); }, m);
  total += sum_over([b](double t) { return b * b * t; }, m);
  std::function<double()> cross = [&a, &b] { return a * b; };
  return total + cross();
}

int main() {
  const int m = 16;
  double p[2] = {0.7, 1.3}, dp[2] = {};
  ad::gradient(loss, ad::dup(p, dp), ad::constant(m));
  double a = p[0], b = p[1], ga = b, gb = a;
  for (int i = 0; i < m; ++i) {
    double t = double(i) / m;
    ga += t * std::cos(a * t);
    gb += 2 * b * t;
  }
  double want[2] = {ga, gb};
  check_gradient(
      "captures", [&](const double *q) { return loss(q, m); }, p, dp, want, 2);
  double t[2] = {1, 0};
  ad_check("captures tangent a",
           ad::tangent(loss, ad::dup(p, t), ad::constant(m)), want[0],
           fd_at([&](const double *q) { return loss(q, m); }, p, 2, 0));
  return ad_check_report();
}
