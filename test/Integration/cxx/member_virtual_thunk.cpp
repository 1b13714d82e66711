// ad::gradient<&Model::energy> of a member function that makes virtual
// calls. At -O0 the thunk's call through the constant member function
// pointer tests the pointer's virtual bit with a constant branch and calls a
// phi of the vtable entry and the function: the branch and the phi are
// folded before indirect calls are dispatched, so the call is direct (it
// was refused at -O0 as an indirect call with no derivative).
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <ad.hpp>
#include <cmath>

struct Term {
  virtual ~Term() = default;
  virtual double energy(const double *x) const = 0;
};
struct Sq : Term {
  double k = 2;
  double energy(const double *x) const override { return k * x[0] * x[0]; }
};
struct Wave : Term {
  double k = 3;
  double energy(const double *x) const override { return k * std::sin(x[1]); }
};
struct Model {
  const Term *a, *b;
  double energy(const double *x) const { return a->energy(x) + b->energy(x); }
};

static Sq S;
static Wave W;
static Model M{&S, &W};
static double energy_fd(const double *x) { return M.energy(x); }

int main() {
  double x[2] = {0.5, 1.0}, d[2] = {0, 0};
  ad::gradient<&Model::energy>(ad::constant(&M), ad::dup(x, d));
  ad_check("d/dx0", d[0], 2 * S.k * x[0], ad_fdn(energy_fd, x, 2, 0));
  ad_check("d/dx1", d[1], W.k * std::cos(x[1]), ad_fdn(energy_fd, x, 2, 1));
  double t[2] = {0, 1};
  ad_check_eq("forward",
              ad::tangent<&Model::energy>(ad::constant(&M), ad::dup(x, t)),
              W.k * std::cos(x[1]));
  return ad_check_report();
}
