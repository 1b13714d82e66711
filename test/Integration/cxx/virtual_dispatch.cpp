// Virtual calls through a base pointer chosen at run time, and a
// std::function holding a lambda: the indirect call becomes a dispatch on
// the function pointer (read from the vtable, or the std::function's
// invoker) among the functions of its type defined here.
//   energy = sum_i m->e(x_i) with Quadratic e = k x^2 or Quartic e = x^4
//   g = sum_i h(x_i) with h = std::function of [](double a) { return a * a; }
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <functional>

struct Model {
  virtual double e(double x) const = 0;
  virtual ~Model() {}
};
struct Quadratic : Model {
  double k = 1.5;
  double e(double x) const override { return k * x * x; }
};
struct Quartic : Model {
  double e(double x) const override { return x * x * x * x; }
};

double energy(const double *x, int n, int which) {
  Quadratic q;
  Quartic r;
  const Model *m = which ? static_cast<const Model *>(&r) : &q;
  double s = 0;
  for (int i = 0; i < n; i++)
    s += m->e(x[i]);
  return s;
}

double viafunction(const double *x, int n) {
  std::function<double(double)> h = [](double a) { return a * a; };
  double s = 0;
  for (int i = 0; i < n; i++)
    s += h(x[i]);
  return s;
}

int main() {
  const int n = 3;
  double x[n] = {0.3, 1.2, -0.7};
  double d0[n] = {}, d1[n] = {}, d2[n] = {};
  ad::gradient(energy, ad::dup(x, d0), ad::constant(n), ad::constant(0));
  ad::gradient(energy, ad::dup(x, d1), ad::constant(n), ad::constant(1));
  ad::gradient(viafunction, ad::dup(x, d2), ad::constant(n));
  double w0[n], w1[n], w2[n];
  for (int i = 0; i < n; i++) {
    w0[i] = 3 * x[i];
    w1[i] = 4 * x[i] * x[i] * x[i];
    w2[i] = 2 * x[i];
  }
  check_gradient(
      "virtual, Quadratic", [&](const double *p) { return energy(p, n, 0); }, x,
      d0, w0, n);
  check_gradient(
      "virtual, Quartic", [&](const double *p) { return energy(p, n, 1); }, x,
      d1, w1, n);
  check_gradient(
      "std::function", [&](const double *p) { return viafunction(p, n); }, x,
      d2, w2, n);
  double t[n] = {0, 1, 0};
  ad_check("virtual, forward",
           ad::tangent(energy, ad::dup(x, t), ad::constant(n), ad::constant(1)),
           w1[1], w1[1]);
  return ad_check_report();
}
