// A throw whose message formats the active value (std::to_string of a
// double: a variadic vsnprintf call ADPass has no derivative for) on a path
// not taken: code on a path that can only throw or abort cannot influence a
// result the derivative returns, so its calls are not refused. Reverse and
// forward mode, against analytic values and finite differences.
//   f = sum_i x_i sin(x_i), throwing if some x_i < -100
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

double f(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++) {
    if (x[i] < -100)
      throw std::domain_error("x[" + std::to_string(i) +
                              "] = " + std::to_string(x[i]) + " is too small");
    s += x[i] * std::sin(x[i]);
  }
  if (s > 1e6) {
    std::fprintf(stderr, "diverged: %g\n", s);
    std::abort();
  }
  return s;
}

int main() {
  const int n = 4;
  double x[n] = {0.1, -0.7, 1.3, 2.2}, dx[n] = {}, want[n];
  for (int i = 0; i < n; i++)
    want[i] = std::sin(x[i]) + x[i] * std::cos(x[i]);
  ad::gradient(f, ad::dup(x, dx), ad::constant(n));
  check_gradient(
      "throw message", [&](const double *p) { return f(p, n); }, x, dx, want,
      n);
  double t[n] = {0, 0, 1, 0};
  ad_check("throw message tangent",
           ad::tangent(f, ad::dup(x, t), ad::constant(n)), want[2],
           fd_at([&](const double *p) { return f(p, n); }, x, n, 2));
  return ad_check_report();
}
