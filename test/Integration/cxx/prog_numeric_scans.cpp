// <numeric> and <algorithm> beyond accumulate/transform: std::partial_sum,
// std::adjacent_difference, std::transform_reduce (binary and unary, with
// lambdas), std::reduce with std::multiplies, std::generate with a mutable
// lambda keeping state, std::for_each modifying elements through a
// reference, std::inner_product with custom operations, over two active
// arrays x and w.
//   scan: C = partial_sum(x): L = sum_k C_k^2 -> 2 sum_{k>=j} C_k
//   diff: D = adjacent_difference(x): L = sum_k D_k^2
//   tr:   L = sum x_i exp(w_i) + sum log(1 + x_i^2)
//   gen:  v_i = (i + 1) x_i, squared in for_each, prod_i (1 + 0.1 v_i)
//   ip:   L = sum_i (x_i - w_i)^2 / (1 + i) by inner_product
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <algorithm>
#include <cmath>
#include <functional>
#include <numeric>
#include <vector>

const int N = 5;

double scans(const double *x, const double *w, int n) {
  std::vector<double> c(n), d(n), v(n), idx(n);
  std::partial_sum(x, x + n, c.begin());
  std::adjacent_difference(x, x + n, d.begin());
  double l = std::inner_product(c.begin(), c.end(), c.begin(), 0.0);
  l += std::transform_reduce(d.begin(), d.end(), 0.0, std::plus<>(),
                             [](double a) { return a * a; });
  l +=
      std::transform_reduce(x, x + n, w, 0.0, std::plus<>(),
                            [](double a, double b) { return a * std::exp(b); });
  l += std::transform_reduce(x, x + n, 0.0, std::plus<>(),
                             [](double a) { return std::log1p(a * a); });
  std::generate(v.begin(), v.end(), [x, i = 0]() mutable {
    double r = (i + 1) * x[i];
    ++i;
    return r;
  });
  std::for_each(v.begin(), v.end(), [](double &e) { e = 1 + 0.1 * e * e; });
  l += std::reduce(v.begin(), v.end(), 1.0, std::multiplies<>());
  std::iota(idx.begin(), idx.end(), 1.0);
  std::transform(x, x + n, w, v.begin(), std::minus<>());
  for (int i = 0; i < n; i++)
    v[i] /= std::sqrt(idx[i]);
  l += std::inner_product(v.begin(), v.end(), v.begin(), 0.0, std::plus<>(),
                          std::multiplies<>());
  return l;
}

int main() {
  double x[N] = {0.4, -0.9, 1.3, 0.2, -0.5}, w[N] = {0.1, 0.6, -0.3, 0.8, 0.2};
  double dx[N] = {}, dw[N] = {};
  ad::gradient(scans, ad::dup(x, dx), ad::dup(w, dw), ad::constant(N));
  double C[N], P = 1, q[N];
  for (int k = 0; k < N; k++) {
    C[k] = x[k] + (k ? C[k - 1] : 0);
    double v = (k + 1) * x[k];
    q[k] = 1 + 0.1 * v * v;
    P *= q[k];
  }
  double wx[N], ww[N];
  for (int j = 0; j < N; j++) {
    double s = 0;
    for (int k = j; k < N; k++)
      s += 2 * C[k];
    double dj = x[j] - (j ? x[j - 1] : 0);
    s += 2 * dj - (j + 1 < N ? 2 * (x[j + 1] - x[j]) : 0);
    s += std::exp(w[j]) + 2 * x[j] / (1 + x[j] * x[j]);
    s += P / q[j] * 0.2 * (j + 1) * (j + 1) * x[j];
    s += 2 * (x[j] - w[j]) / (j + 1);
    wx[j] = s;
    ww[j] = x[j] * std::exp(w[j]) - 2 * (x[j] - w[j]) / (j + 1);
  }
  check_gradient(
      "scans dx", [&](const double *p) { return scans(p, w, N); }, x, dx, wx,
      N);
  check_gradient(
      "scans dw", [&](const double *p) { return scans(x, p, N); }, w, dw, ww,
      N);
  double tx[N] = {0, 0, 1, 0, 0}, tw[N] = {};
  ad_check("scans tangent x2",
           ad::tangent(scans, ad::dup(x, tx), ad::dup(w, tw), ad::constant(N)),
           wx[2],
           fd_at([&](const double *p) { return scans(p, w, N); }, x, N, 2));
  return ad_check_report();
}
