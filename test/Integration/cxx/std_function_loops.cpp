// std::function called in a loop inside the differentiated function, its
// lambda capturing by reference or `this`: at -O2/-O3 the manager that
// destroys it after the loop is a phi of the pointer loaded in the loop and
// the one stored before it, and was refused as an indirect call on an
// active path. Against analytic values and central differences.
//   f(a, r) = sum_i exp(r_i a); S::energy = sum_i 1 / (1 + exp(r_i scale))
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.h>
#include <cmath>
#include <functional>

double f(double a, const double *r, int n) {
  std::function<double(double)> sw = [&a](double t) { return std::exp(t * a); };
  double e = 0;
  for (int i = 0; i < n; i++)
    e += sw(r[i]);
  return e;
}

struct S {
  double scale;
  double energy(const double *r, int n) const {
    std::function<double(double)> sw = [this](double t) {
      return 1.0 / (1.0 + std::exp(t * scale));
    };
    double e = 0;
    for (int i = 0; i < n; i++)
      e += sw(r[i]);
    return e;
  }
};

double g(const S *s, const double *r, int n) { return s->energy(r, n); }

int main() {
  const int n = 4;
  double r[n] = {0.1, -0.2, 0.35, 0.5}, dr[n] = {0};
  double da = __ad_autodiff((void *)f, 2.0, ad_dup, r, dr, n);
  double want = 0;
  for (int i = 0; i < n; i++) {
    want += r[i] * std::exp(r[i] * 2.0);
    double a[n], b[n], h = 1e-6;
    for (int k = 0; k < n; k++)
      a[k] = b[k] = r[k];
    a[i] += h;
    b[i] -= h;
    ad_check("f d/dr", dr[i], 2.0 * std::exp(r[i] * 2.0),
             (f(2.0, a, n) - f(2.0, b, n)) / (2 * h));
  }
  ad_check("f d/da", da, want, (f(2.0 + 1e-6, r, n) - f(2.0 - 1e-6, r, n)) / 2e-6);

  S s{0.7}, ds{0};
  double dr2[n] = {0};
  __ad_autodiff((void *)g, ad_dup, &s, &ds, ad_dup, r, dr2, n);
  double ws = 0;
  for (int i = 0; i < n; i++) {
    double e = std::exp(r[i] * s.scale), sig = 1.0 / (1.0 + e);
    ws += -sig * sig * e * r[i];
    ad_check("energy d/dr", dr2[i], -sig * sig * e * s.scale,
             -sig * sig * e * s.scale);
  }
  S hi{0.7 + 1e-6}, lo{0.7 - 1e-6};
  ad_check("energy d/dscale", ds.scale, ws,
           (g(&hi, r, n) - g(&lo, r, n)) / 2e-6);
  return ad_check_report();
}
