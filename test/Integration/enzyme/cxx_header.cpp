// Enzyme's C++ interface, <enzyme/enzyme>, found by the plugin flag alone
// (no -I): enzyme::autodiff in Reverse, ReverseWithPrimal and Forward mode,
// with Active, Const, Duplicated (pointers, references, and values in forward
// mode) and DuplicatedNoNeed arguments, the return activities Const and
// Duplicated, a lambda, results read with enzyme::get and structured
// bindings.
// RUN: %bare_clangxx -fplugin=%ad_plugin -std=c++17 -I%inputs -O0 %s -o %t0 && %t0
// RUN: %bare_clangxx -fplugin=%ad_plugin -std=c++17 -I%inputs -O1 %s -o %t1 && %t1
// RUN: %bare_clangxx -fplugin=%ad_plugin -std=c++17 -I%inputs -O2 %s -o %t2 && %t2 && %valgrind %t2
// RUN: %bare_clangxx -fplugin=%ad_plugin -std=c++17 -I%inputs -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <cmath>
#include <enzyme/enzyme>

static double f(double x, double y) { return std::sin(x) * y + x * x; }
static double g(const double *v, double a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a * v[i] * v[i];
  return s;
}
static double h(double &x, double c) { return x * x * x * c; }
static void scale(double *out, const double *in, double a) {
  out[0] = a * in[0];
  out[1] = a * in[1] * in[1];
}

static double f_x(double x) { return f(x, 2.0); }
static double f_y(double y) { return f(0.5, y); }

int main() {
  double x = 0.5, y = 2.0;
  auto r = enzyme::autodiff<enzyme::Reverse>(f, enzyme::Active<double>(x),
                                             enzyme::Active<double>(y));
  ad_check("reverse df/dx", enzyme::get<0>(enzyme::get<0>(r)),
           std::cos(x) * y + 2 * x, ad_fd(f_x, x));
  ad_check("reverse df/dy", enzyme::get<1>(enzyme::get<0>(r)), std::sin(x),
           ad_fd(f_y, y));

  auto [derivs, primal] = enzyme::autodiff<enzyme::ReverseWithPrimal>(
      f, enzyme::Active(x), enzyme::Const(y));
  ad_check_eq("with primal: result", primal, f(x, y));
  ad_check_eq("with primal: df/dx", enzyme::get<0>(derivs),
              std::cos(x) * y + 2 * x);

  double v[3] = {1.0, -2.0, 0.5}, dv[3] = {0, 0, 0};
  auto rg = enzyme::autodiff<enzyme::Reverse>(
      g, enzyme::Duplicated<const double *>(v, dv), enzyme::Active(3.0),
      enzyme::Const(3));
  ad_check_eq("pointer: dg/dv1", dv[1], 2 * 3.0 * v[1]);
  ad_check_eq("pointer: dg/da", enzyme::get<0>(enzyme::get<0>(rg)),
              v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);

  double hx = 1.5, dhx = 0.0;
  enzyme::autodiff<enzyme::Reverse>(h, enzyme::Duplicated<double &>(hx, dhx),
                                    enzyme::Const(2.0));
  ad_check_eq("reference: dh/dx", dhx, 3 * 1.5 * 1.5 * 2.0);

  double out[2] = {0, 0}, dout[2] = {1.0, 1.0}, in[2] = {3.0, 4.0},
         din[2] = {0, 0};
  auto rs = enzyme::autodiff<enzyme::Reverse>(
      scale, enzyme::DuplicatedNoNeed<double *>(out, dout),
      enzyme::Duplicated<const double *>(in, din), enzyme::Active(0.5));
  ad_check_eq("void function: d/da", enzyme::get<0>(enzyme::get<0>(rs)),
              in[0] + in[1] * in[1]);
  ad_check_eq("void function: d/din1", din[1], 2 * 0.5 * in[1]);

  auto t = enzyme::autodiff<enzyme::Forward>(
      f, enzyme::Duplicated<double>(x, 1.0), enzyme::Const<double>(y));
  ad_check_eq("forward: df/dx", enzyme::get<0>(t), std::cos(x) * y + 2 * x);
  auto pt = enzyme::autodiff<enzyme::Forward, enzyme::Duplicated<double>>(
      f, enzyme::Duplicated<double>(x, 0.0),
      enzyme::Duplicated<double>(y, 1.0));
  ad_check_eq("forward, Duplicated result: result", enzyme::get<0>(pt),
              f(x, y));
  ad_check_eq("forward, Duplicated result: df/dy", enzyme::get<1>(pt),
              std::sin(x));
  auto pc = enzyme::autodiff<enzyme::Forward, enzyme::Const<double>>(
      f, enzyme::Duplicated<double>(x, 1.0), enzyme::Const<double>(y));
  ad_check_eq("forward, Const result: the result", enzyme::get<0>(pc), f(x, y));

  double k = 3.0;
  auto lam = [k](double z) { return k * z * z; };
  auto rl = enzyme::autodiff<enzyme::Reverse>(lam, enzyme::Active(2.0));
  ad_check_eq("lambda: d/dz", enzyme::get<0>(enzyme::get<0>(rl)), 12.0);
  // A lambda taking a struct by reference, Duplicated<const S &>.
  struct S {
    double a, b;
  } s{1.5, 2.0}, ds{0, 0};
  auto area = [](const S &v, double c) { return v.a * v.b * c; };
  enzyme::autodiff<enzyme::Reverse>(area, enzyme::Duplicated<const S &>(s, ds),
                                    enzyme::Const<double>(3.0));
  ad_check("lambda, reference parameter: d/da", ds.a, 6, 6);
  ad_check("lambda, reference parameter: d/db", ds.b, 4.5, 4.5);
  return ad_check_report();
}
