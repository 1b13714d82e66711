// Exceptions in differentiated code that are not thrown: a `throw` on a path
// not taken, a try/catch whose handler is not reached, invokes of
// differentiated callees (a local with a destructor is alive), and the
// gradient call itself an invoke in a caller with cleanups.
//   f = 3 r x0 with r = sum x_i^2 (checked), plus a guard whose destructor
//   runs once per call
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <stdexcept>
#include <vector>

static int destroyed = 0;
struct Guard {
  __attribute__((noinline)) ~Guard() { ++destroyed; }
};

__attribute__((noinline)) double checked(const double *x, int n) {
  if (n <= 0)
    throw std::invalid_argument("n must be positive");
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  return s;
}

__attribute__((noinline)) void validate(int n) {
  if (n > 100)
    throw std::length_error("too long");
}

double f(const double *x, int n) {
  Guard g;
  validate(n);
  double r = 0;
  try {
    r = checked(x, n);
  } catch (const std::exception &) {
    r = -1;
  }
  return 3 * r * x[0];
}

int main() {
  const int n = 3;
  std::vector<double> keep(3, 1.0); // a destructor alive: invokes
  double x[n] = {1.5, 2.0, 3.0}, dx[n] = {};
  ad::gradient(f, ad::dup(x, dx), ad::constant(n));
  double r = 1.5 * 1.5 + 4 + 9;
  double w[n] = {3 * (r + 2 * 1.5 * 1.5), 3 * 2 * 2.0 * 1.5, 3 * 2 * 3.0 * 1.5};
  check_gradient(
      "reverse", [&](const double *p) { return f(p, n); }, x, dx, w, n);
  double t[n] = {0, 1, 0};
  ad_check("forward", ad::tangent(f, ad::dup(x, t), ad::constant(n)), w[1],
           w[1]);
  double plain[n] = {};
  __ad_autodiff((void *)f, ad_dup, x, plain, ad_const, n);
  ad_check("ad.h entry", plain[2], w[2], w[2]);
  ad_check("keep alive", keep[0], 1, 1);
  ad_check("the primal's destructor ran", destroyed > 0, 1, 1);
  return ad_check_report();
}
