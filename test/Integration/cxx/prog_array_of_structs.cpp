// Range-for over a std::array of structs (a spring network: endpoints, a
// stiffness and a rest length), with structured bindings of the struct and
// of a std::pair, positions as std::array<std::array<double, 2>, 4> passed
// as a container, and a std::array<Spring, N> member of a constant object
// passed to a static member function.
//   E = sum_s 0.5 k_s (|p_i - p_j| - r_s)^2 + w sum_i |p_i|^2;
//   dE/dp_i = k (d - r)(p_i - p_j)/d + 2 w p_i, and the opposite for p_j
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <array>
#include <cmath>
#include <utility>

using Point = std::array<double, 2>;
struct Spring {
  int i, j;
  double k, rest;
};

std::pair<double, Point> stretch(const Point &a, const Point &b) {
  Point d{a[0] - b[0], a[1] - b[1]};
  return {std::hypot(d[0], d[1]), d};
}

struct Network {
  std::array<Spring, 5> springs{{{0, 1, 2.0, 1.0},
                                 {1, 2, 1.5, 1.2},
                                 {2, 3, 1.0, 0.8},
                                 {3, 0, 2.5, 1.1},
                                 {0, 2, 0.5, 1.5}}};
  double w = 0.05;
  static double energy(const Network *net, const Point *p) {
    double e = 0;
    for (const auto &[i, j, k, rest] : net->springs) {
      auto [len, d] = stretch(p[i], p[j]);
      e += 0.5 * k * (len - rest) * (len - rest);
    }
    for (int q = 0; q < 4; q++)
      for (double c : p[q])
        e += net->w * c * c;
    return e;
  }
};

int main() {
  Network net;
  std::array<Point, 4> p{{{0.0, 0.1}, {1.1, -0.2}, {1.3, 0.9}, {-0.1, 1.2}}};
  std::array<Point, 4> dp{};
  ad::gradient(Network::energy, ad::constant(&net), ad::dup(p, dp));
  double want[8] = {}, got[8], x[8];
  for (const Spring &s : net.springs) {
    auto [len, d] = stretch(p[s.i], p[s.j]);
    double c = s.k * (len - s.rest) / len;
    for (int a = 0; a < 2; a++) {
      want[2 * s.i + a] += c * d[a];
      want[2 * s.j + a] -= c * d[a];
    }
  }
  for (int i = 0; i < 8; i++) {
    want[i] += 2 * net.w * p[i / 2][i % 2];
    got[i] = dp[i / 2][i % 2];
    x[i] = p[i / 2][i % 2];
  }
  auto f = [&](const double *q) {
    std::array<Point, 4> pp;
    for (int i = 0; i < 8; i++)
      pp[i / 2][i % 2] = q[i];
    return Network::energy(&net, pp.data());
  };
  check_gradient("network", f, x, got, want, 8);
  std::array<Point, 4> t{};
  t[2][0] = 1;
  ad_check("network tangent p2x",
           ad::tangent(Network::energy, ad::constant(&net), ad::dup(p, t)),
           want[4], fd_at(f, x, 8, 4));
  return ad_check_report();
}
