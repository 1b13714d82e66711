// A templated fixed-step RK4 integrator over std::array<double, N> states,
// taking the right-hand side as a lambda (captureless, and capturing active
// values by value and by reference), called inside the differentiated
// function.
//   decay:  y' = -k y, RK4 is exactly y_S = y0 R(-k h)^S with
//           R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24
//   spring: x'' = -w^2 x, x(0) = x0, x'(0) = v0, loss = x(T) + 0.5 v(T);
//           compared with the exact solution (RK4 error ~1e-10 at h = 0.01)
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <array>
#include <cmath>

template <std::size_t N> using State = std::array<double, N>;

template <std::size_t N>
State<N> axpy(const State<N> &y, double a, const State<N> &k) {
  State<N> r;
  for (std::size_t i = 0; i < N; i++)
    r[i] = y[i] + a * k[i];
  return r;
}

template <std::size_t N, class F>
State<N> rk4(F &&f, State<N> y, double t, double h, int steps) {
  for (int s = 0; s < steps; s++, t += h) {
    State<N> k1 = f(t, y);
    State<N> k2 = f(t + h / 2, axpy(y, h / 2, k1));
    State<N> k3 = f(t + h / 2, axpy(y, h / 2, k2));
    State<N> k4 = f(t + h, axpy(y, h, k3));
    for (std::size_t i = 0; i < N; i++)
      y[i] += h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  }
  return y;
}

double decay(double k, double y0, int steps) {
  auto rhs = [k](double, const State<1> &y) { return State<1>{-k * y[0]}; };
  return rk4(rhs, State<1>{y0}, 0.0, 0.1, steps)[0];
}

// p = (w, x0, v0)
double spring(const double *p, int steps) {
  double w2 = p[0] * p[0];
  auto rhs = [&w2](double, const State<2> &y) {
    return State<2>{y[1], -w2 * y[0]};
  };
  State<2> y = rk4(rhs, State<2>{p[1], p[2]}, 0.0, 1.0 / steps, steps);
  return y[0] + 0.5 * y[1];
}

int main() {
  const int S = 12;
  const double k = 0.8, y0 = 1.5, h = 0.1, z = -k * h;
  auto [dk, dy0] =
      ad::gradient(decay, ad::active(k), ad::active(y0), ad::constant(S));
  double R = 1 + z + z * z / 2 + z * z * z / 6 + z * z * z * z / 24;
  double dR = 1 + z + z * z / 2 + z * z * z / 6;
  double wk = y0 * S * std::pow(R, S - 1) * dR * -h, wy0 = std::pow(R, S);
  double args[2] = {k, y0};
  auto fd = [&](const double *a) { return decay(a[0], a[1], S); };
  ad_check("decay d/dk", dk, wk, fd_at(fd, args, 2, 0));
  ad_check("decay d/dy0", dy0, wy0, fd_at(fd, args, 2, 1));
  ad_check(
      "decay tangent k",
      ad::tangent(decay, ad::dual(k, 1.0), ad::dual(y0, 0.0), ad::constant(S)),
      wk, wk);

  const int steps = 100;
  double p[3] = {1.3, 0.7, -0.4}, dp[3] = {};
  ad::gradient(spring, ad::dup(p, dp), ad::constant(steps));
  // x = x0 cos wT + v0/w sin wT, v = -x0 w sin wT + v0 cos wT at T = 1.
  double w = p[0], x0 = p[1], v0 = p[2], c = std::cos(w), s = std::sin(w);
  double dxdw = -x0 * s + v0 * (c / w - s / (w * w));
  double dvdw = -x0 * (s + w * c) - v0 * s;
  double want[3] = {dxdw + 0.5 * dvdw, c - 0.5 * w * s, s / w + 0.5 * c};
  check_gradient(
      "spring", [&](const double *q) { return spring(q, steps); }, p, dp, want,
      3);
  double tp[3] = {0, 0, 1};
  ad_check("spring tangent v0",
           ad::tangent(spring, ad::dup(p, tp), ad::constant(steps)), want[2],
           want[2]);
  return ad_check_report();
}
