// std::minmax_element returns a pair of iterators, which clang selects as
// integers (ptrtoint, select, inttoptr) at -O1 and above: two addresses
// into one vector's buffer, chosen at run time. They were "mixed" (two
// different bases), and refused. Reverse and forward, against analytic
// values and central differences.
//   spread = max(x) - min(x); in place (on the argument): max^2 - min / 2
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <algorithm>
#include <vector>

static double spread(const double *x) {
  std::vector<double> v(x, x + 5);
  auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return *hi - *lo;
}

static double spread_in_place(const double *x) {
  auto [lo, hi] = std::minmax_element(x, x + 5);
  return *hi * *hi - 0.5 * *lo;
}

// (A macro: the function differentiated must be named at the call.)
#define CHECK(name, f, want)                                                   \
  do {                                                                         \
    double dx[5] = {0};                                                        \
    ad::gradient(f, ad::dup(x, dx));                                           \
    check_gradient(name, f, x, dx, want, 5);                                   \
    double t[5] = {0.3, -1, 2, 0.5, 1}, dot = 0;                               \
    for (int i = 0; i < 5; i++)                                                \
      dot += want[i] * t[i];                                                   \
    ad_check(name " forward", ad::tangent(f, ad::dup(x, t)), dot, dot);        \
  } while (0)

int main() {
  double x[5] = {0.5, -1, 3, 2, 0.1};
  double w1[5] = {0, -1, 1, 0, 0};
  CHECK("spread", spread, w1);
  double w2[5] = {0, -0.5, 6, 0, 0};
  CHECK("in place", spread_in_place, w2);
  return ad_check_report();
}
