// The standard library inside a function differentiated through Enzyme's C
// API: a std::vector grown by push_back (reallocations) and a new[] buffer
// inside the function, std::sort of a copy (an ordered weighted sum: the
// derivative w.r.t. v_j is the weight of v_j's rank), std::max_element and
// std::inner_product; reverse mode with the input as enzyme_dup, forward
// mode with a tangent array.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 -lm && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 -lm && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

extern int enzyme_dup, enzyme_const, enzyme_out;
template <typename R, typename... T> R __enzyme_autodiff(void *, T...);
template <typename R, typename... T> R __enzyme_fwddiff(void *, T...);

constexpr int N = 5;
static const double W[N] = {5, 4, 3, 2, 1};

/* sum_i W[i] * sorted(v)[i] + max(v)^2 + <exp(v), v> */
static double ranked(const double *v, int n) {
  std::vector<double> s;
  for (int i = 0; i < n; i++)
    s.push_back(v[i]);
  std::sort(s.begin(), s.end());
  double r = std::inner_product(s.begin(), s.end(), W, 0.0);
  double m = *std::max_element(v, v + n);
  double *e = new double[n];
  for (int i = 0; i < n; i++)
    e[i] = std::exp(v[i]);
  r += m * m + std::inner_product(e, e + n, v, 0.0);
  delete[] e;
  return r;
}

static double ranked5(const double *v) { return ranked(v, N); }

int main() {
  double v[N] = {0.3, -1.2, 0.9, 0.1, -0.4}, dv[N] = {0};
  /* ranks (ascending): -1.2 ->0, -0.4 ->1, 0.1 ->2, 0.3 ->3, 0.9 ->4 */
  const int rank[N] = {3, 0, 4, 2, 1};
  __enzyme_autodiff<void>((void *)ranked, enzyme_dup, v, dv, enzyme_const, N);
  double ref[N];
  for (int j = 0; j < N; j++) {
    ref[j] = W[rank[j]] + std::exp(v[j]) * (v[j] + 1) + (j == 2 ? 2 * v[2] : 0);
    ad_check("reverse", dv[j], ref[j], ad_fdn(ranked5, v, N, j));
  }
  double tv[N] = {1, 0, -1, 0, 0.5};
  double t = __enzyme_fwddiff<double>((void *)ranked, enzyme_dup, v, tv,
                                      enzyme_const, N);
  ad_check_eq("forward along tv", t, ref[0] - ref[2] + 0.5 * ref[4]);
  return ad_check_report();
}
