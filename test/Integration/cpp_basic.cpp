// C++: a function in a namespace, a static member function, an overloaded
// function picked by a cast, constexpr constants and a user-declared
// extern "C" derivative struct.
// RUN: %clangxx -O0 %s -o %t0 && %t0
// RUN: %clangxx -O1 %s -o %t1 && %t1
// RUN: %clangxx -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <ad.h>
#include <cmath>

struct Grad {
  double dx, dy;
};
extern "C" Grad __ad_autodiff_grad(void *, ...);

namespace phys {
constexpr double G = 0.5;
double potential(double r, double m) { return -G * m / r + std::pow(r, 2.0); }
} // namespace phys

struct Spring {
  static double energy(double k, double x) { return 0.5 * k * x * x; }
};

double over(double x) { return std::tanh(x) * x; }
double over(double x, double y) { return x * y; }

static double pot_a(const double *a) { return phys::potential(a[0], a[1]); }
static double spring_a(const double *a) { return Spring::energy(a[0], a[1]); }
static double over1(double x) { return over(x); }

int main() {
  double a[2] = {1.6, 3.0};
  double r = a[0], m = a[1];
  Grad g = __ad_autodiff_grad((void *)phys::potential, r, m);
  ad_check("namespace dr", g.dx, phys::G * m / (r * r) + 2 * r,
           ad_fdn(pot_a, a, 2, 0));
  ad_check("namespace dm", g.dy, -phys::G / r, ad_fdn(pot_a, a, 2, 1));

  double s[2] = {2.5, -0.4};
  g = __ad_autodiff_grad((void *)&Spring::energy, ad_opaque(s[0]),
                         ad_opaque(s[1]));
  ad_check("static member dk", g.dx, 0.5 * s[1] * s[1],
           ad_fdn(spring_a, s, 2, 0));
  ad_check("static member dx", g.dy, s[0] * s[1], ad_fdn(spring_a, s, 2, 1));

  double x = 0.9, t = std::tanh(x);
  ad_check("overload", __ad_autodiff((void *)(double (*)(double))over, x),
           (1 - t * t) * x + t, ad_fd(over1, x));
  return ad_check_report();
}
