// Enzyme's entry points declared the C++ way Enzyme's README does:
// `template <typename R, typename... T> R __enzyme_autodiff(void *, T...)`
// (and __enzyme_fwddiff), instantiated for void, double and a struct of two
// derivatives. The differentiated functions are function-template
// instantiations; one takes a std::vector by reference, its shadow being a
// second vector of the same size (enzyme_dup, &v, &dv).
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 -lm && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 -lm && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <cmath>
#include <vector>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed;
template <typename R, typename... T> R __enzyme_autodiff(void *, T...);
template <typename R, typename... T> R __enzyme_fwddiff(void *, T...);

struct Grad2 {
  double da, db;
};

template <typename Real> Real smooth_abs(Real a, Real b) {
  return std::sqrt(a * a + b * b * Real(0.25) + Real(1e-2)) * std::exp(-b);
}

template <typename Vec> double weighted_sumsq(const Vec &v, double w) {
  double s = 0;
  for (std::size_t i = 0; i < v.size(); i++)
    s += w * (i + 1) * v[i] * v[i];
  return s;
}

template <typename Real, int N> void axpy(Real a, const Real *x, Real *y) {
  for (int i = 0; i < N; i++)
    y[i] = a * x[i] + y[i] * y[i];
}

static double sa_a(double a) { return smooth_abs(a, -0.4); }
static double sa_b(double b) { return smooth_abs(0.6, b); }
static double wss_w(double w) {
  std::vector<double> v{0.5, -1.5, 2.0};
  return weighted_sumsq(v, w);
}

int main() {
  double a = 0.6, b = -0.4;
  Grad2 g = __enzyme_autodiff<Grad2>((void *)smooth_abs<double>, enzyme_out, a,
                                     enzyme_out, b);
  double r = std::sqrt(a * a + b * b * 0.25 + 1e-2);
  ad_check("smooth_abs d/da", g.da, a / r * std::exp(-b), ad_fd(sa_a, a));
  ad_check("smooth_abs d/db", g.db, (0.25 * b / r - r) * std::exp(-b),
           ad_fd(sa_b, b));
  double t =
      __enzyme_fwddiff<double>((void *)smooth_abs<double>, a, 0.0, b, 1.0);
  ad_check("smooth_abs forward d/db", t, (0.25 * b / r - r) * std::exp(-b),
           ad_fd(sa_b, b));

  std::vector<double> v{0.5, -1.5, 2.0}, dv(3, 0.0);
  double w = 1.3;
  double dw =
      __enzyme_autodiff<double>((void *)weighted_sumsq<std::vector<double>>,
                                enzyme_dup, &v, &dv, enzyme_out, w);
  ad_check("vector d/dw", dw, 0.25 + 2 * 2.25 + 3 * 4.0, ad_fd(wss_w, w));
  for (int i = 0; i < 3; i++)
    ad_check_eq("vector d/dv", dv[i], 2 * w * (i + 1) * v[i]);

  double x[4] = {1, 2, 3, 4}, dx[4] = {0}, y[4] = {0.5, -1, 0.25, 2},
         dy[4] = {1, 1, 1, 1};
  double y0[4] = {0.5, -1, 0.25, 2};
  double da =
      __enzyme_autodiff<double>((void *)axpy<double, 4>, enzyme_out, 2.0,
                                enzyme_dup, x, dx, enzyme_dupnoneed, y, dy);
  ad_check_eq("axpy d/da", da, 1 + 2 + 3 + 4);
  for (int i = 0; i < 4; i++) {
    ad_check_eq("axpy d/dx", dx[i], 2.0);
    ad_check_eq("axpy d/dy", dy[i], 2 * y0[i]);
  }
  return ad_check_report();
}
