// Enzyme's C++ interface (<enzyme/enzyme>) on class member functions reached
// through lambdas: a lambda capturing a Pendulum by reference (the captured
// object is constant) calls its const method energy(theta, omega), in
// enzyme::Forward (Duplicated tangent, with the Duplicated return activity
// for the result too) and enzyme::ReverseWithPrimal (both arguments Active);
// a generic captureless lambda taking the object by pointer, Duplicated with
// a shadow object, gives the gradient w.r.t. the members (a virtual call
// through a base pointer included). Analytic values and finite differences.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 -lm && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 -lm && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <cmath>
#include <enzyme/enzyme>

struct Potential {
  virtual ~Potential() = default;
  virtual double at(double th) const = 0;
};
struct Pendulum : Potential {
  double len, mass;
  Pendulum(double l, double m) : len(l), mass(m) {}
  double at(double th) const override {
    return mass * 9.81 * len * (1 - std::cos(th));
  }
  double energy(double th, double om) const {
    return 0.5 * mass * len * len * om * om + at(th);
  }
};

static double E_th(double th) { return Pendulum(1.5, 0.8).energy(th, 2.0); }
static double E_om(double om) { return Pendulum(1.5, 0.8).energy(0.6, om); }
static double E_len(double l) { return Pendulum(l, 0.8).energy(0.6, 2.0); }
static double E_mass(double m) { return Pendulum(1.5, m).energy(0.6, 2.0); }

int main() {
  Pendulum p(1.5, 0.8);
  const double th = 0.6, om = 2.0, g = 9.81;
  auto energy = [&p](double t, double w) { return p.energy(t, w); };

  auto f = enzyme::autodiff<enzyme::Forward>(
      energy, enzyme::Duplicated<double>(th, 1.0), enzyme::Const<double>(om));
  double dth = p.mass * g * p.len * std::sin(th);
  ad_check("forward dE/dth", enzyme::get<0>(f), dth, ad_fd(E_th, th));
  auto fd = enzyme::autodiff<enzyme::Forward, enzyme::Duplicated<double>>(
      energy, enzyme::Duplicated<double>(th, 0.0),
      enzyme::Duplicated<double>(om, 1.0));
  double dom = p.mass * p.len * p.len * om;
  ad_check_eq("forward primal", enzyme::get<0>(fd), p.energy(th, om));
  ad_check("forward dE/dom", enzyme::get<1>(fd), dom, ad_fd(E_om, om));

  auto [d, primal] = enzyme::autodiff<enzyme::ReverseWithPrimal>(
      energy, enzyme::Active<double>(th), enzyme::Active<double>(om));
  ad_check_eq("reverse primal", primal, p.energy(th, om));
  ad_check("reverse dE/dth", enzyme::get<0>(d), dth, ad_fd(E_th, th));
  ad_check("reverse dE/dom", enzyme::get<1>(d), dom, ad_fd(E_om, om));

  Pendulum dp(0.0, 0.0);
  auto byptr = [](const Pendulum *q, double t, double w) {
    const Potential *base = q;
    return q->energy(t, w) + 2.0 * base->at(t);
  };
  auto r = enzyme::autodiff<enzyme::ReverseWithPrimal>(
      byptr, enzyme::Duplicated<const Pendulum *>(&p, &dp),
      enzyme::Const<double>(th), enzyme::Active<double>(om));
  double pot = p.at(th);
  ad_check_eq("members: primal", enzyme::get<1>(r), p.energy(th, om) + 2 * pot);
  ad_check("members: d/dom", enzyme::get<0>(enzyme::get<0>(r)), dom,
           ad_fd(E_om, om));
  ad_check("members: d/dlen", dp.len,
           p.mass * p.len * om * om + 3 * pot / p.len,
           ad_fd(E_len, p.len) + 2 * pot / p.len);
  ad_check("members: d/dmass", dp.mass,
           0.5 * p.len * p.len * om * om + 3 * pot / p.mass,
           ad_fd(E_mass, p.mass) + 2 * pot / p.mass);
  return ad_check_report();
}
