// Objects with virtual methods: a local object called through a const
// Base & (its constructor stores the vtable pointer into memory that has a
// shadow: the vtable is its own shadow), and a virtual call the optimizer
// resolves. And a shadowed object passed as ad::dup whose vtable pointer is
// copied along with its data.
//   f = 4 e(x) with e = x0^2 (Square) or 3 x0 x1 (Cross)
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>

struct Energy {
  virtual double e(const double *x) const = 0;
  virtual ~Energy() {}
};
struct Square : Energy {
  double e(const double *x) const override { return x[0] * x[0]; }
};
struct Cross : Energy {
  double k = 3;
  double e(const double *x) const override { return k * x[0] * x[1]; }
};

static double use(const Energy &b, const double *x) { return b.e(x); }

double square(const double *x, int n) {
  Square s;
  return use(s, x) * n;
}
double cross(const double *x, int n) {
  Cross c;
  return use(c, x) * n;
}

// The object itself differentiated: d/dk.
struct Scaled {
  virtual ~Scaled() {}
  double k;
  double w[2];
};
double scaled(const Scaled *s, const double *x) {
  Scaled c = *s;
  return c.k * (c.w[0] * x[0] + c.w[1] * x[1]);
}

int main() {
  const int n = 4;
  double x[2] = {0.3, 1.2};
  double d1[2] = {}, d2[2] = {};
  ad::gradient(square, ad::dup(x, d1), ad::constant(n));
  ad::gradient(cross, ad::dup(x, d2), ad::constant(n));
  double w1[2] = {8 * x[0], 0}, w2[2] = {12 * x[1], 12 * x[0]};
  check_gradient(
      "through a const Base &", [&](const double *p) { return square(p, n); },
      x, d1, w1, 2);
  check_gradient(
      "another override", [&](const double *p) { return cross(p, n); }, x, d2,
      w2, 2);
  Scaled s, ds;
  s.k = 2;
  s.w[0] = 0.5;
  s.w[1] = -1;
  ds.k = ds.w[0] = ds.w[1] = 0;
  double dx[2] = {};
  ad::gradient(scaled, ad::dup(&s, &ds), ad::dup(x, dx));
  ad_check("d/dk", ds.k, 0.5 * 0.3 - 1.2, 0.15 - 1.2);
  ad_check("d/dw1", ds.w[1], 2 * 1.2, 2.4);
  ad_check("d/dx0", dx[0], 2 * 0.5, 1.0);
  return ad_check_report();
}
