// Const member functions of classes holding std::vector data, differentiated
// through static wrappers: with the C entry point (__ad_autodiff of a static
// member taking the object as const void *), with the typed API and the
// object constant, as ad::gradient<&Gaussian::nll>, and with a shadow
// object (ad::dup(&m, &dm)) whose vector receives the derivatives with
// respect to the data. A mutable evaluation
// counter is written by the const member. And a CRTP base class whose loss()
// calls the derived class's residual().
//   nll(mu, ls) = sum_i (y_i - mu)^2 / (2 s^2) + n ls, s = exp(ls):
//     d/dmu = -sum (y_i - mu) / s^2, d/dls = n - sum (y_i - mu)^2 / s^2,
//     d/dy_i = (y_i - mu) / s^2
//   line(p) = sum_i (p0 + p1 x_i - y_i)^2: 2 sum r_i, 2 sum r_i x_i
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <cmath>
#include <vector>

class Gaussian {
public:
  explicit Gaussian(std::vector<double> y) : y(std::move(y)) {}
  double nll(const double *theta) const {
    ++evals;
    double mu = theta[0], s = std::exp(theta[1]), e = 0;
    for (double v : y)
      e += (v - mu) * (v - mu) / (2 * s * s);
    return e + y.size() * theta[1];
  }
  static double nll_c(const double *theta, const void *self) {
    return static_cast<const Gaussian *>(self)->nll(theta);
  }
  static double nll_typed(const Gaussian *self, const double *theta) {
    return self->nll(theta);
  }
  std::vector<double> y;
  mutable int evals = 0;
};

template <class Derived> struct LeastSquares {
  double loss(const double *p) const {
    const Derived &d = static_cast<const Derived &>(*this);
    double s = 0;
    for (int i = 0; i < d.size(); i++) {
      double r = d.residual(i, p);
      s += r * r;
    }
    return s;
  }
};
struct Line : LeastSquares<Line> {
  std::vector<double> xs, ys;
  int size() const { return int(xs.size()); }
  double residual(int i, const double *p) const {
    return p[0] + p[1] * xs[i] - ys[i];
  }
  static double wrap(const Line *l, const double *p) { return l->loss(p); }
};

int main() {
  Gaussian g({0.3, 1.1, -0.4, 0.9, 0.5});
  double th[2] = {0.2, -0.3}, d1[2] = {}, d2[2] = {}, d3[2] = {};
  __ad_autodiff((void *)Gaussian::nll_c, ad_dup, th, d1, ad_const, (void *)&g);
  ad::gradient(Gaussian::nll_typed, ad::constant(&g), ad::dup(th, d2));
  Gaussian dg(std::vector<double>(g.y.size(), 0.0));
  ad::gradient(Gaussian::nll_typed, ad::dup(&g, &dg), ad::dup(th, d3));
  double d4[2] = {};
  ad::gradient<&Gaussian::nll>(ad::constant(&g), ad::dup(th, d4));
  double s2 = std::exp(2 * th[1]), want[2] = {0, double(g.y.size())};
  std::vector<double> wy;
  for (double v : g.y) {
    want[0] -= (v - th[0]) / s2;
    want[1] -= (v - th[0]) * (v - th[0]) / s2;
    wy.push_back((v - th[0]) / s2);
  }
  auto f = [&](const double *p) { return g.nll(p); };
  check_gradient("nll C entry", f, th, d1, want, 2);
  check_gradient("nll typed", f, th, d2, want, 2);
  check_gradient("nll shadow object", f, th, d3, want, 2);
  check_gradient("nll member", f, th, d4, want, 2);
  auto fy = [&](const double *y) {
    return Gaussian(std::vector<double>(y, y + 5)).nll(th);
  };
  check_gradient("nll d/dy", fy, g.y.data(), dg.y.data(), wy.data(), 5);
  // each gradient runs nll once; each check_gradient 2 * 2 fd evaluations
  ad_check_eq("evals", g.evals, 4 + 4 * 2 * 2);

  Line l;
  l.xs = {0.0, 0.5, 1.0, 1.5};
  l.ys = {0.1, 0.9, 2.2, 2.8};
  double p[2] = {0.3, 1.4}, dp[2] = {}, wl[2] = {0, 0};
  ad::gradient(Line::wrap, ad::constant(&l), ad::dup(p, dp));
  for (int i = 0; i < l.size(); i++) {
    double r = l.residual(i, p);
    wl[0] += 2 * r;
    wl[1] += 2 * r * l.xs[i];
  }
  check_gradient(
      "crtp line", [&](const double *q) { return l.loss(q); }, p, dp, wl, 2);
  return ad_check_report();
}
