// std::function callbacks inside the differentiated function, with the
// active data passed as arguments: a Simpson quadrature taking a
// std::function<double(double, const double *)> (integrand of t and of the
// parameters), and a std::vector of std::function penalties (captureless
// lambdas, and one returned by a factory capturing a constant) called in a
// loop. (Lambdas capturing active values: std_function_captures.cpp.)
//   L = I(a, b) + sum_k pen_k(p) with p = (a, b),
//   I = int_0^1 a sin(b t) dt = a (1 - cos b) / b (Simpson, 200 intervals),
//   pen = a^2, c1 b^3 + c2 a b, s a exp(-b)
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <cmath>
#include <functional>
#include <vector>

using Integrand = std::function<double(double, const double *)>;
using Penalty = std::function<double(const double *)>;

double simpson(const Integrand &f, const double *p, double lo, double hi,
               int m) {
  double h = (hi - lo) / m, s = f(lo, p) + f(hi, p);
  for (int i = 1; i < m; i++)
    s += (i % 2 ? 4 : 2) * f(lo + i * h, p);
  return s * h / 3;
}

Penalty scaled_decay(double s) {
  return [s](const double *q) { return s * q[0] * std::exp(-q[1]); };
}

const double c1 = 0.3, c2 = 0.5, sc = 2.5;

double loss(const double *p, int m) {
  Integrand g = [](double t, const double *q) {
    return q[0] * std::sin(q[1] * t);
  };
  double total = simpson(g, p, 0.0, 1.0, m);
  std::vector<Penalty> pens;
  pens.push_back([](const double *q) { return q[0] * q[0]; });
  pens.push_back([](const double *q) {
    return c1 * q[1] * q[1] * q[1] + c2 * q[0] * q[1];
  });
  pens.push_back(scaled_decay(sc));
  for (const Penalty &pen : pens)
    total += pen(p);
  return total;
}

int main() {
  const int m = 200;
  double p[2] = {0.8, 1.7}, dp[2] = {};
  ad::gradient(loss, ad::dup(p, dp), ad::constant(m));
  double a = p[0], b = p[1], e = std::exp(-b);
  double want[2] = {(1 - std::cos(b)) / b + 2 * a + c2 * b + sc * e,
                    a * (std::sin(b) / b - (1 - std::cos(b)) / (b * b)) +
                        3 * c1 * b * b + c2 * a - sc * a * e};
  check_gradient(
      "callbacks", [&](const double *q) { return loss(q, m); }, p, dp, want, 2);
  double t[2] = {0, 1};
  ad_check("callbacks tangent b",
           ad::tangent(loss, ad::dup(p, t), ad::constant(m)), want[1],
           fd_at([&](const double *q) { return loss(q, m); }, p, 2, 1));
  return ad_check_report();
}
