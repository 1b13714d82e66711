// <algorithm> and <numeric> on differentiated data: std::sort,
// std::stable_sort and std::nth_element of a local array, std::accumulate
// with a lambda, std::inner_product, std::transform with a lambda,
// std::min/std::max/std::clamp on references, std::max_element.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

// s_i = x_i (i + 1) = (0.3, 2.4, 2.1, 3.6): sorted (0.3, 2.1, 2.4, 3.6).
double sorted(const double *x, int n) {
  double s[8];
  for (int i = 0; i < n; i++)
    s[i] = x[i] * (i + 1);
  std::sort(s, s + n);
  return s[0] + 10 * s[1] + 100 * s[n - 1];
}
double stable(const double *x, int n) {
  double s[8];
  for (int i = 0; i < n; i++)
    s[i] = x[i] * (i + 1);
  std::stable_sort(s, s + n);
  return s[0] + 10 * s[1] + 100 * s[n - 1];
}
double median(const double *x, int n) {
  double s[8];
  for (int i = 0; i < n; i++)
    s[i] = x[i] * (i + 1);
  std::nth_element(s, s + n / 2, s + n);
  return s[n / 2]; // 2.4 = 2 x1
}
double numeric(const double *x, int n) {
  std::vector<double> v(n);
  std::transform(x, x + n, v.begin(), [](double a) { return std::sin(a); });
  double sq = std::accumulate(x, x + n, 0.0,
                              [](double a, double b) { return a + b * b; });
  return std::inner_product(v.begin(), v.end(), x, 0.0) + sq;
}
double extremes(const double *x, int n) {
  double peak = x[0], low = x[0], lo = 0.5, hi = 1.0, c = 0;
  for (int i = 0; i < n; i++) {
    peak = std::max(peak, x[i]);
    low = std::min(low, x[i]);
    c += std::clamp(x[i], lo, hi);
  }
  return peak * low + c + 3 * *std::max_element(x, x + n);
}

int main() {
  const int n = 4;
  double x[n] = {0.3, 1.2, 0.7, 0.9};
  double d[5][n] = {};
  ad::gradient(sorted, ad::dup(x, d[0]), ad::constant(n));
  ad::gradient(stable, ad::dup(x, d[1]), ad::constant(n));
  ad::gradient(median, ad::dup(x, d[2]), ad::constant(n));
  ad::gradient(numeric, ad::dup(x, d[3]), ad::constant(n));
  ad::gradient(extremes, ad::dup(x, d[4]), ad::constant(n));
  double wsort[n] = {1, 0, 10 * 3, 100 * 4};
  double wmed[n] = {0, 2, 0, 0};
  double wnum[n], wext[n] = {1.2, 0.3 + 3, 1, 1};
  for (int i = 0; i < n; i++)
    wnum[i] = std::cos(x[i]) * x[i] + std::sin(x[i]) + 2 * x[i];
  check_gradient(
      "sort", [&](const double *p) { return sorted(p, n); }, x, d[0], wsort, n);
  check_gradient(
      "stable_sort", [&](const double *p) { return stable(p, n); }, x, d[1],
      wsort, n);
  check_gradient(
      "nth_element", [&](const double *p) { return median(p, n); }, x, d[2],
      wmed, n);
  check_gradient(
      "transform, accumulate, inner_product",
      [&](const double *p) { return numeric(p, n); }, x, d[3], wnum, n);
  check_gradient(
      "min, max, clamp, max_element",
      [&](const double *p) { return extremes(p, n); }, x, d[4], wext, n);
  return ad_check_report();
}
