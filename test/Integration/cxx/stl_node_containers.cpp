// Containers of linked nodes: std::map, std::set, std::multimap, std::list,
// std::unordered_map and std::deque,
// built, searched, erased and destroyed inside the differentiated function.
// libstdc++ links and rebalances their nodes in its shared library; ADPass
// differentiates its own bodies of those routines (runtime/ADStdNodes.c),
// and the tree's recursive destructor frees the nodes and their shadows at
// the end of the gradient.
//   f1 = sum_k S_k^2, S_k = sum_{i mod 3 = k} x_i^2 (std::map<int, double>):
//        4 x_i S_{i mod 3}
//   f2 = sum_j (j + 1) s_j, s = the values x_i^2 sorted (std::set<double>):
//        2 x_i (rank_i + 1)
//   f3 = a std::list of x_i^2 and 3 x_i: push_front/back, erase, remove_if,
//        reverse, sort, splice (checked against finite differences)
//   f4 = a std::multimap<double, int> keyed by x_i and a std::map<int,
//        double>, erased by key and by iterator (finite differences)
//   f5 = a std::map<int, double> of weights made by the caller (ad_const):
//        sum_i w_{i mod 2} x_i^2: 2 w_{i mod 2} x_i
//   f6 = a std::unordered_map<int, double> (its bucket policy and node
//        list) and a std::deque<double> grown at both ends (finite
//        differences)
// and f1's tangents, one direction and two at once (vector mode).
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %valgrind %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <algorithm>
#include <array>
#include <cmath>
#include <deque>
#include <list>
#include <map>
#include <set>
#include <unordered_map>
#include <vector>

double f1(const double *x, int n) {
  std::map<int, double> m;
  for (int i = 0; i < n; ++i)
    m[i % 3] += x[i] * x[i];
  double s = 0;
  for (const auto &kv : m)
    s += kv.second * kv.second;
  return s;
}

double f2(const double *x, int n) {
  std::set<double> s;
  for (int i = 0; i < n; ++i)
    s.insert(x[i] * x[i]);
  double r = 0;
  int j = 1;
  for (double v : s)
    r += j++ * v;
  return r;
}

double f3(const double *x, int n) {
  std::list<double> a, b;
  for (int i = 0; i < n; ++i) {
    a.push_back(x[i] * x[i]);
    b.push_front(3 * x[i]);
  }
  a.erase(std::next(a.begin()));
  a.remove_if([](double v) { return v > 2.5 && v < 3.5; });
  a.reverse();
  b.sort();
  a.splice(std::next(a.begin()), b);
  double s = 0;
  int k = 1;
  for (double v : a)
    s += k++ * v * v;
  return s + a.front() * a.back();
}

double f4(const double *x, int n) {
  std::multimap<double, int> byValue;
  std::map<int, double> rows;
  for (int i = 0; i < n; ++i) {
    byValue.emplace(x[i], i);
    rows[i % 3] += x[i] * x[(i + 1) % n];
  }
  byValue.erase(byValue.begin());
  rows.erase(1);
  double s = 0;
  for (const auto &kv : byValue)
    s += kv.first * (kv.second + 1);
  for (const auto &kv : rows)
    s += std::sin(kv.second);
  auto it = byValue.find(x[2]);
  if (it != byValue.end())
    s += it->first * it->first;
  return s;
}

double f5(const double *x, const std::map<int, double> *w, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += w->at(i % 2) * x[i] * x[i];
  return s;
}

double f6(const double *x, int n) {
  std::unordered_map<int, double> h;
  std::deque<double> q;
  for (int i = 0; i < n; ++i) {
    h[i % 4] += x[i] * x[(i + 2) % n];
    if (i % 2)
      q.push_front(std::exp(x[i]));
    else
      q.push_back(x[i] * 3);
  }
  h.erase(2);
  q.pop_front();
  double s = 0;
  for (const auto &kv : h)
    s += kv.first * kv.second;
  int k = 1;
  for (double v : q)
    s += k++ * v;
  return s;
}

int main() {
  const int n = 6;
  double x[n] = {0.7, -1.3, 1.1, 0.4, -0.9, 1.6};
  double d1[n] = {}, d2[n] = {}, d3[n] = {}, d4[n] = {}, d5[n] = {}, d6[n] = {};
  double w1[n], w2[n], w3[n], w4[n], w5[n], w6[n];
  ad::gradient(f1, ad::dup(x, d1), ad::constant(n));
  ad::gradient(f2, ad::dup(x, d2), ad::constant(n));
  ad::gradient(f3, ad::dup(x, d3), ad::constant(n));
  ad::gradient(f4, ad::dup(x, d4), ad::constant(n));
  std::map<int, double> weights{{0, 2.5}, {1, -0.5}};
  ad::gradient(f5, ad::dup(x, d5), ad::constant(&weights), ad::constant(n));
  ad::gradient(f6, ad::dup(x, d6), ad::constant(n));

  double S[3] = {};
  for (int i = 0; i < n; ++i)
    S[i % 3] += x[i] * x[i];
  for (int i = 0; i < n; ++i) {
    w1[i] = 4 * x[i] * S[i % 3];
    int rank = 0;
    for (int j = 0; j < n; ++j)
      rank += x[j] * x[j] < x[i] * x[i];
    w2[i] = 2 * x[i] * (rank + 1);
    w3[i] = fd_at([&](const double *p) { return f3(p, n); }, x, n, i);
    w4[i] = fd_at([&](const double *p) { return f4(p, n); }, x, n, i);
    w5[i] = 2 * weights[i % 2] * x[i];
    w6[i] = fd_at([&](const double *p) { return f6(p, n); }, x, n, i);
  }
  check_gradient(
      "map", [&](const double *p) { return f1(p, n); }, x, d1, w1, n);
  check_gradient(
      "set", [&](const double *p) { return f2(p, n); }, x, d2, w2, n);
  check_gradient(
      "list", [&](const double *p) { return f3(p, n); }, x, d3, w3, n);
  check_gradient(
      "multimap", [&](const double *p) { return f4(p, n); }, x, d4, w4, n);
  check_gradient(
      "const map", [&](const double *p) { return f5(p, &weights, n); }, x, d5,
      w5, n);
  check_gradient(
      "unordered_map, deque", [&](const double *p) { return f6(p, n); }, x, d6,
      w6, n);

  // Forward mode: the tangent of f1 in direction e_0 + e_3.
  double t[n] = {1, 0, 0, 1, 0, 0};
  double dir = ad::tangent(f1, ad::dup(x, t), ad::constant(n));
  ad_check("map tangent", dir, w1[0] + w1[3], w1[0] + w1[3]);
  // Vector forward mode: directions e_1 and e_4 in one call.
  double ts[2 * n] = {};
  ts[1] = 1;
  ts[n + 4] = 1;
  std::array<double, 2> dirs =
      ad::tangent<f1>(ad::width<2>(), ad::dupv(x, ts, n), ad::constant(n));
  ad_check("map tangent, lane 0", dirs[0], w1[1], w1[1]);
  ad_check("map tangent, lane 1", dirs[1], w1[4], w1[4]);
  return ad_check_report();
}
