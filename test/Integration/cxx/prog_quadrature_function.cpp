// Integrals with moving limits through a std::function<double(double)>
// quadrature routine, C entry point (__ad_autodiff with ad_dup/ad_const): a
// composite 5-point Gauss-Legendre rule takes the integrand as a
// std::function, built inside the differentiated function from a
// captureless lambda (the standard normal density) and from a lambda
// capturing only constants (a periodic force amp sin(omega s)). The
// limits are the active values.
//   L = log P(a < X < b) + W(s0, s1),  X ~ N(0, 1),
//   W = int_s0^s1 amp sin(omega s) ds, limits v = (a, b, s0, s1):
//   dL/da = -phi(a) / P, dL/db = phi(b) / P,
//   dL/ds0 = -amp sin(omega s0), dL/ds1 = amp sin(omega s1),
//   with P = (erf(b / sqrt 2) - erf(a / sqrt 2)) / 2 (the rule is exact to
//   ~1e-14 with 8 panels, and so is its derivative).
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.h>
#include <cmath>
#include <functional>

using Integrand = std::function<double(double)>;

const double inv_sqrt_2pi = 0.39894228040143267794;
const double amp = 2.0, omega = 1.5;

// Composite 5-point Gauss-Legendre quadrature of f over [lo, hi].
double gauss_legendre(const Integrand &f, double lo, double hi, int panels) {
  static const double node[5] = {0.0, -0.5384693101056831, 0.5384693101056831,
                                 -0.9061798459386640, 0.9061798459386640};
  static const double weight[5] = {0.5688888888888889, 0.4786286704993665,
                                   0.4786286704993665, 0.2369268850561891,
                                   0.2369268850561891};
  double h = (hi - lo) / panels, sum = 0;
  for (int p = 0; p < panels; p++) {
    double mid = lo + (p + 0.5) * h;
    for (int k = 0; k < 5; k++)
      sum += weight[k] * f(mid + 0.5 * h * node[k]);
  }
  return 0.5 * h * sum;
}

double interval_loss(const double *v, int panels) {
  Integrand density = [](double t) {
    return inv_sqrt_2pi * std::exp(-0.5 * t * t);
  };
  Integrand force = [a = amp, w = omega](double s) {
    return a * std::sin(w * s);
  };
  double prob = gauss_legendre(density, v[0], v[1], panels);
  double work = gauss_legendre(force, v[2], v[3], panels);
  return std::log(prob) + work;
}

int main() {
  const int panels = 8;
  double v[4] = {-0.7, 1.4, 0.3, 1.9}, dv[4] = {};
  __ad_autodiff((void *)interval_loss, ad_dup, v, dv, ad_const, panels);
  auto phi = [](double t) { return inv_sqrt_2pi * std::exp(-0.5 * t * t); };
  double P =
      0.5 * (std::erf(v[1] / std::sqrt(2.0)) - std::erf(v[0] / std::sqrt(2.0)));
  double want[4] = {-phi(v[0]) / P, phi(v[1]) / P,
                    -amp * std::sin(omega * v[2]),
                    amp * std::sin(omega * v[3])};
  check_gradient(
      "interval", [&](const double *q) { return interval_loss(q, panels); }, v,
      dv, want, 4);
  // The primal itself against the closed forms.
  double W = amp / omega * (std::cos(omega * v[2]) - std::cos(omega * v[3]));
  ad_check_eq("interval value", interval_loss(v, panels), std::log(P) + W);
  return ad_check_report();
}
