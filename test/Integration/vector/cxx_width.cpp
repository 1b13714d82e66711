// Vector mode in the typed C++ API: ad::width<N>() with ad::dupv(p, dp,
// stride). Forward mode returns the N tangents in a std::array, reverse
// mode N sets of ad::active derivatives (a std::array of numbers, or of
// tuples); each lane equals the scalar call bit for bit. Free functions
// named at compile time and given as values, a capturing lambda, a member
// function, pointer and double constants, a void function writing
// outputs, N = 1, 2, 3, 5.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <array>
#include <cmath>
#include <tuple>
#include <vector>

enum { n = 4, m = 3 };

static double energy(const double *x, int k, double c) {
  double s = 0;
  for (int i = 0; i < k; ++i)
    s += std::sin(c * x[i]) * x[(i + 1) % k];
  return s;
}

// y = F(x), m outputs, a scale through a pointer.
static void field(const double *x, double *y, const double *scale) {
  for (int r = 0; r < m; ++r)
    y[r] = *scale * x[r] * x[r + 1] + std::exp(0.1 * x[(r + 2) % n]);
}

// Two active scalars and an array.
static double mixed(const double *x, double a, double b) {
  return a * x[0] * x[0] + std::cos(b) * x[1] + a * b;
}

struct Model {
  double w[n];
  double loss(const double *x) const {
    double s = 0;
    for (int i = 0; i < n; ++i)
      s += w[i] * x[i] * x[i];
    return s;
  }
};

int main() {
  double x[n] = {0.3, -1.2, 0.7, 2.0};
  bool ok = true;

  // Forward, width 3, against three scalar calls.
  double dx[3][n] = {{1, 0, 0, 0}, {0, 1, 0, 0}, {0.5, -1, 2, 0.25}};
  std::array<double, 3> t =
      ad::tangent<energy>(ad::width<3>(), ad::dupv(x, dx[0], n),
                          ad::constant(int(n)), ad::constant(1.3));
  for (int k = 0; k < 3; ++k)
    ok &= t[k] == ad::tangent<energy>(ad::dup(x, dx[k]), ad::constant(int(n)),
                                      ad::constant(1.3));
  ad_check_exact("forward width 3 = scalar calls", ok, 1);
  ad_check_eq("forward lane 0 = d/dx0", t[0],
              1.3 * std::cos(1.3 * x[0]) * x[1] + std::sin(1.3 * x[3]));

  // The function given as a value, width 1 and 2.
  std::array<double, 1> t1 =
      ad::tangent(energy, ad::width<1>(), ad::dupv(x, dx[0], n),
                  ad::constant(int(n)), ad::constant(1.3));
  ad_check_exact("width 1 = lane 0", t1[0] == t[0], 1);
  std::array<double, 2> t2 =
      ad::tangent(energy, ad::width<2>(), ad::dupv(x, dx[1], n),
                  ad::constant(int(n)), ad::constant(1.3));
  ad_check_exact("width 2 = lanes 1, 2", t2[0] == t[1] && t2[1] == t[2], 1);

  // A void function writing m outputs, a pointer constant: Jacobian
  // columns, width 5 (a column of zeros too).
  const double scale = 0.75;
  double e[5][n] = {}, y[m], dy[5][m], dys[m];
  for (int k = 0; k < n; ++k)
    e[k][k] = 1;
  ad::tangent<field>(ad::width<5>(), ad::dupv(x, e[0], n),
                     ad::dupv(y, dy[0], m), ad::constant(&scale));
  bool cols = true;
  for (int k = 0; k < 5; ++k) {
    ad::tangent<field>(ad::dup(x, e[k]), ad::dup(y, dys), ad::constant(&scale));
    for (int r = 0; r < m; ++r)
      cols &= dy[k][r] == dys[r];
  }
  ad_check_exact("void function width 5 = scalar calls", cols, 1);
  ad_check_eq("J(0, 1)", dy[1][0], scale * x[0]);

  // A capturing lambda.
  double c = 0.4;
  auto lam = [c](const double *v) { return c * v[0] * v[1] + v[2]; };
  std::array<double, 2> tl =
      ad::tangent(lam, ad::width<2>(), ad::dupv(x, dx[0], n));
  ad_check_exact("lambda width 2 = scalar calls",
                 tl[0] == ad::tangent(lam, ad::dup(x, dx[0])) &&
                     tl[1] == ad::tangent(lam, ad::dup(x, dx[1])),
                 1);

  // Reverse, width 2: rows of the Jacobian of field through seeds of y.
  double gx[2][n] = {}, sy[2][m] = {{1, 0, 0}, {0, 0, 1}};
  ad::gradient<field>(ad::width<2>(), ad::dupv(x, gx[0], n),
                      ad::dupv(y, sy[0], m), ad::constant(&scale));
  bool rows = true;
  for (int k = 0; k < 2; ++k) {
    double g[n] = {}, s[m] = {0, 0, 0};
    s[k == 0 ? 0 : 2] = 1;
    ad::gradient<field>(ad::dup(x, g), ad::dup(y, s), ad::constant(&scale));
    for (int i = 0; i < n; ++i)
      rows &= g[i] == gx[k][i];
  }
  ad_check_exact("reverse width 2 = scalar gradients", rows, 1);
  ad_check_eq("row 2, d/dx2", gx[1][2], scale * x[3]);

  // Reverse with two active scalars: N tuples. The float result is seeded
  // with 1 in every direction; the directions differ by x's shadows only.
  double gm[3][n] = {};
  std::array<std::tuple<double, double>, 3> d = ad::gradient<mixed>(
      ad::width<3>(), ad::dupv(x, gm[0], n), ad::active(0.5), ad::active(0.2));
  double gs[n] = {};
  auto [da, db] =
      ad::gradient<mixed>(ad::dup(x, gs), ad::active(0.5), ad::active(0.2));
  bool tup = true;
  for (int k = 0; k < 3; ++k)
    tup &= std::get<0>(d[k]) == da && std::get<1>(d[k]) == db &&
           gm[k][0] == gs[0] && gm[k][1] == gs[1];
  ad_check_exact("reverse width 3, two actives = scalar gradient", tup, 1);
  ad_check_eq("d/da", da, x[0] * x[0] + 0.2);

  // One active scalar: an array of numbers.
  double g1[2][n] = {};
  std::array<double, 2> d1 =
      ad::gradient<mixed>(ad::width<2>(), ad::dupv(x, g1[0], n),
                          ad::active(0.5), ad::constant(0.2));
  ad_check_exact("reverse width 2, one active", d1[0] == da && d1[1] == da, 1);

  // A member function through its object.
  Model model{{1, 2, 3, 4}};
  std::array<double, 2> tm = ad::tangent<&Model::loss>(
      ad::width<2>(), ad::constant(&model), ad::dupv(x, dx[1], n));
  ad_check_exact("member width 2 = scalar calls",
                 tm[0] == ad::tangent<&Model::loss>(ad::constant(&model),
                                                    ad::dup(x, dx[1])) &&
                     tm[1] == ad::tangent<&Model::loss>(ad::constant(&model),
                                                        ad::dup(x, dx[2])),
                 1);
  return ad_check_report();
}
