// Lambdas under Enzyme's C API, as Enzyme users write them in C++: a
// captureless lambda converted to a function pointer (`+[](double x){...}`:
// at -O0 the pointer is the result of a call of the closure's conversion
// operator, which ADPass looks through, as Enzyme does); a capturing lambda
// called through a function template taking the closure by pointer (passed
// as void *: a closure type has no linkage), the closure constant
// (enzyme_const) or active (enzyme_dup with a shadow closure of the same
// type, which receives the derivative of the captured value); and lambdas
// passed to <algorithm>/<numeric> inside the differentiated function.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 -lm && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 -lm && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

extern int enzyme_dup, enzyme_const, enzyme_out;
template <typename R, typename... T> R __enzyme_autodiff(void *, T...);
template <typename R, typename... T> R __enzyme_fwddiff(void *, T...);

template <typename F> double call(const F *f, double x) { return (*f)(x); }

static double softplus_sum(const double *v, int n, double beta) {
  double tmp[8];
  std::transform(v, v + n, tmp, [beta](double a) {
    return std::log1p(std::exp(beta * a)) / beta;
  });
  return std::accumulate(tmp, tmp + n, 0.0,
                         [](double s, double a) { return s + a * a; });
}

static double sp_v1(const double *v) { return softplus_sum(v, 3, 1.5); }

int main() {
  auto cube = +[](double x) { return x * x * std::sin(x); };
  double x = 0.9;
  double d = __enzyme_autodiff<double>((void *)cube, x);
  ad_check("captureless lambda", d, 2 * x * std::sin(x) + x * x * std::cos(x),
           ad_fd(cube, x));
  d = __enzyme_fwddiff<double>((void *)cube, x, 1.0);
  ad_check_eq("captureless lambda forward", d,
              2 * x * std::sin(x) + x * x * std::cos(x));

  double k = ad_opaque(2.5);
  auto scaled = [k](double y) { return std::exp(k * y) / (1 + y * y); };
  using L = decltype(scaled);
  static_assert(sizeof(L) == sizeof(double), "one captured double");
  double y = 0.3;
  double dy = __enzyme_autodiff<double>((void *)call<L>, enzyme_const,
                                        (void *)&scaled, enzyme_out, y);
  double e = std::exp(k * y), q = 1 + y * y;
  double ref_y = k * e / q - e * 2 * y / (q * q);
  double h = 1e-5;
  double fd_y = (scaled(y + h) - scaled(y - h)) / (2 * h);
  ad_check("closure constant: d/dy", dy, ref_y, fd_y);

  /* Active closure: the shadow closure's captured k receives d/dk. */
  auto dscaled = [k = 0.0](double) { return k; };
  L shadow = scaled;
  std::memcpy(static_cast<void *>(&shadow), &dscaled, sizeof(double));
  dy = __enzyme_autodiff<double>((void *)call<L>, enzyme_dup, (void *)&scaled,
                                 (void *)&shadow, enzyme_out, y);
  double dk;
  std::memcpy(&dk, static_cast<void *>(&shadow), sizeof(double));
  auto at_k = [&](double kk) { return std::exp(kk * y) / q; };
  double fd_k = (at_k(k + h) - at_k(k - h)) / (2 * h);
  ad_check("closure active: d/dk", dk, y * e / q, fd_k);
  ad_check_eq("closure active: d/dy", dy, ref_y);

  double v[3] = {0.2, -0.7, 1.1}, dv[3] = {0, 0, 0};
  __enzyme_autodiff<void>((void *)softplus_sum, enzyme_dup, v, dv, enzyme_const,
                          3, enzyme_const, 1.5);
  for (int i = 0; i < 3; i++) {
    double s = std::log1p(std::exp(1.5 * v[i])) / 1.5;
    double sig = 1 / (1 + std::exp(-1.5 * v[i]));
    ad_check("algorithm lambdas", dv[i], 2 * s * sig, ad_fdn(sp_v1, v, 3, i));
  }
  return ad_check_report();
}
