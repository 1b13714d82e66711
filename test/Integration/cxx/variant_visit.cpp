// std::visit on a std::variant of model terms inside the differentiated
// function. At -O0 libstdc++ dispatches through a C-variadic helper that
// never reads its variable arguments (inlined now; it was "no
// derivative"); alternatives with a virtual destructor are destroyed
// through their vtable, whose slot the dispatch now reads from the stored
// vtable pointer (it was refused at every level: a possible target,
// std::exception's destructor, is defined elsewhere). Against analytic
// values and finite differences, both alternatives, both modes.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
// RUN: %clangxx -std=c++17 -O0 -DVIRT %s -o %t4 && %t4
// RUN: %clangxx -std=c++17 -O1 -DVIRT %s -o %t5 && %t5
// RUN: %clangxx -std=c++17 -O2 -DVIRT %s -o %t6 && %t6
// RUN: %clangxx -std=c++17 -O3 -DVIRT %s -o %t7 && %t7
#include "adcheck.h"
#include <ad.hpp>
#include <cmath>
#include <variant>

#ifdef VIRT
struct Base {
  virtual ~Base() {}
};
#define BASE : Base
#else
#define BASE
#endif
// A Gaussian and a Lorentzian peak at c of width w.
struct Gauss BASE {
  double c, w;
  Gauss(double c, double w) : c(c), w(w) {}
  double eval(double x) const {
    double d = (x - c) / w;
    return std::exp(-0.5 * d * d);
  }
};
struct Lorentz BASE {
  double c, g;
  Lorentz(double c, double g) : c(c), g(g) {}
  double eval(double x) const {
    double d = x - c;
    return g * g / (d * d + g * g);
  }
};
using Peak = std::variant<Gauss, Lorentz>;

double peak(const double *p, double x, int which) {
  Peak v = which ? Peak(Lorentz(p[0], p[1])) : Peak(Gauss(p[0], p[1]));
  return std::visit([x](const auto &s) { return s.eval(x); }, v);
}

static double X = 1.3;
static double gauss_fd(const double *p) { return peak(p, X, 0); }
static double lorentz_fd(const double *p) { return peak(p, X, 1); }

int main() {
  double p[2] = {1.0, 0.5};
  for (int which = 0; which < 2; which++) {
    double dp[2] = {0, 0};
    ad::gradient(peak, ad::dup(p, dp), ad::constant(X), ad::constant(which));
    double c = p[0], w = p[1], d = X - c, want[2];
    if (which == 0) {
      double e = std::exp(-0.5 * d * d / (w * w));
      want[0] = e * d / (w * w);
      want[1] = e * d * d / (w * w * w);
    } else {
      double q = d * d + w * w;
      want[0] = 2 * w * w * d / (q * q);
      want[1] = 2 * w * d * d / (q * q);
    }
    auto fd = which ? lorentz_fd : gauss_fd;
    ad_check("d/dc", dp[0], want[0], ad_fdn(fd, p, 2, 0));
    ad_check("d/dw", dp[1], want[1], ad_fdn(fd, p, 2, 1));
    double t[2] = {1, 0};
    ad_check(
        "tangent d/dc",
        ad::tangent(peak, ad::dup(p, t), ad::constant(X), ad::constant(which)),
        want[0], ad_fdn(fd, p, 2, 0));
  }
  return ad_check_report();
}
