// std::sort of a std::vector copy with a lambda comparator, and
// std::stable_sort / std::nth_element with std::greater, in the
// differentiated function: at -O3 loop unswitching freezes the sort's
// iterators, which the pointer analyses did not follow ("an active value is
// stored to memory that has no shadow").
//   f = v(0) + 2 v(1) + 3 w(0) + m, v ascending, w descending, m = median
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3 && %valgrind %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <algorithm>
#include <functional>
#include <vector>

double f(const double *x, int n) {
  std::vector<double> v(x, x + n), w(x, x + n), m(x, x + n);
  std::sort(v.begin(), v.end(), [](double a, double b) { return a < b; });
  std::stable_sort(w.begin(), w.end(), std::greater<double>());
  std::nth_element(m.begin(), m.begin() + n / 2, m.end());
  return v[0] + 2 * v[1] + 3 * w[0] + m[n / 2];
}

int main() {
  const int n = 21;
  double x[n], dx[n] = {}, want[n] = {};
  for (int i = 0; i < n; i++)
    x[i] = std::sin(2.3 * i + 0.4);
  std::vector<int> idx(n);
  for (int i = 0; i < n; i++)
    idx[i] = i;
  std::sort(idx.begin(), idx.end(), [&](int a, int b) { return x[a] < x[b]; });
  want[idx[0]] += 1;
  want[idx[1]] += 2;
  want[idx[n - 1]] += 3;
  want[idx[n / 2]] += 1;
  ad::gradient(f, ad::dup(x, dx), ad::constant(n));
  check_gradient(
      "sorts", [&](const double *p) { return f(p, n); }, x, dx, want, n);
  return ad_check_report();
}
