// Generic and capturing lambdas inside the differentiated function, a
// function template taking a callable, std::for_each and reverse
// iterators, and the typed API with a capturing lambda as the function.
//   f = sum_i w(x_i) x_{n-1-i} with w(a) = a^2 + c, c = 0.5
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <algorithm>
#include <vector>

template <class F> double weighted(const double *x, int n, F w) {
  std::vector<double> rev(x, x + n);
  std::reverse(rev.begin(), rev.end());
  double s = 0;
  int i = 0;
  std::for_each(rev.rbegin(), rev.rend(), [&](double r) {
    s += w(r) * rev[i];
    ++i;
  });
  return s;
}

double f(const double *x, int n) {
  double c = 0.5;
  auto w = [c](auto a) { return a * a + c; };
  return weighted(x, n, w);
}

int main() {
  const int n = 4;
  double x[n] = {0.3, 1.2, -0.7, 0.9}, dx[n] = {};
  ad::gradient(f, ad::dup(x, dx), ad::constant(n));
  auto ff = [&](const double *p) { return f(p, n); };
  double want[n];
  // f = sum_i (x_i^2 + 0.5) x_{n-1-i}
  for (int i = 0; i < n; i++)
    want[i] = 2 * x[i] * x[n - 1 - i] + (x[n - 1 - i] * x[n - 1 - i] + 0.5);
  check_gradient("generic lambda", ff, x, dx, want, n);
  double scale = 3.0;
  auto g = [&](const double *p, double t) { return scale * p[0] * t * t; };
  double dp[1] = {};
  double dt = ad::gradient(g, ad::dup(x, dp), ad::active(2.0));
  ad_check("capturing lambda: dt", dt, 3.0 * 0.3 * 4.0, 3.6);
  ad_check("capturing lambda: dp", dp[0], 3.0 * 4.0, 12.0);
  return ad_check_report();
}
