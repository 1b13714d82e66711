// The typed C++ API (ad.hpp): free, static member and member functions,
// functions named as template arguments, captureless and capturing lambdas,
// containers, several active scalars as a tuple (structured bindings),
// float, a workspace, dup_noneed, and forward mode; lambdas and methods
// taking a reference given ad::dup(&s, &ds); checked against analytic
// values and finite differences at every level.
//   f(x, a, n) = sum_i sin(a x_i): df/da = sum x_i cos(a x_i),
//                                  df/dx_i = a cos(a x_i)
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <ad.hpp>
#include <array>
#include <cmath>
#include <vector>

double f(const double *x, double a, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += std::sin(a * x[i]);
  return s;
}
double g(double a, double b) { return a * a * b; }
float gf(float a, float b) { return a * b * b; }
void scale(double *y, const double *x, double c, int n) {
  for (int i = 0; i < n; i++)
    y[i] = c * x[i] * x[i];
}

struct Polar {
  double x, y;
};
Polar polar(double r, double t) { return {r * std::cos(t), r * std::sin(t)}; }

struct Model {
  double k;
  double energy(const double *x, double t) const { return k * x[0] * x[0] * t; }
  double stiffness() const { return k * k; }
  static double cube(double a) { return a * a * a; }
  // A reference parameter (ad::dup passes pointers).
  double pull(const Polar &p, double c) const { return k * p.x * p.y * c; }
};

static const double X[3] = {0.5, 1.0, 1.5};
static double fa(double a) { return f(X, a, 3); }
static double fx(const double *x) { return f(x, 0.7, 3); }

int main() {
  double x[3] = {0.5, 1.0, 1.5};
  double a = 0.7;

  // Pointers and an active scalar; the gradient of x accumulates in dx.
  double dx[3] = {0, 0, 0};
  double dfda = ad::gradient(f, ad::dup(x, dx), ad::active(a), ad::constant(3));
  ad_check("f: df/da", dfda,
           0.5 * std::cos(0.35) + std::cos(0.7) + 1.5 * std::cos(1.05),
           ad_fd(fa, a));
  for (int i = 0; i < 3; i++)
    ad_check("f: df/dx", dx[i], a * std::cos(a * x[i]), ad_fdn(fx, x, 3, i));

  // The function as a template argument, const data.
  double ex[3] = {0, 0, 0};
  static_assert(std::is_void_v<decltype(ad::gradient<f>(
                    ad::dup(x, ex), ad::constant(a), ad::constant(3)))>,
                "no active scalar: void");
  ad::gradient<f>(ad::dup(static_cast<const double *>(x), ex), ad::constant(a),
                  ad::constant(3));
  ad_check("template argument: df/dx0", ex[0], a * std::cos(a * x[0]),
           ad_fdn(fx, x, 3, 0));

  // Several active scalars: a tuple.
  auto [da, db] = ad::gradient(g, ad::active(1.5), ad::active(2.0));
  ad_check("g: dg/da", da, 2 * 1.5 * 2.0, 2 * 1.5 * 2.0);
  ad_check("g: dg/db", db, 1.5 * 1.5, 1.5 * 1.5);
  auto [fa1, fb1] = ad::gradient(gf, ad::active(1.5f), ad::active(2.0f));
  ad_check_f("gf: float", fa1, 4.0f, 4.0f);
  ad_check_f("gf: float", fb1, 2 * 1.5f * 2.0f, 6.0f);

  // Containers: their data().
  std::vector<double> v(x, x + 3), dv(3, 0.0);
  ad::gradient(f, ad::dup(v, dv), ad::constant(a), ad::constant(3));
  ad_check("vector", dv[2], a * std::cos(a * x[2]), ad_fdn(fx, x, 3, 2));
  std::array<double, 3> ar{0.5, 1.0, 1.5}, dar{};
  ad::gradient(f, ad::dup(ar, dar), ad::constant(a), ad::constant(3));
  ad_check("array", dar[1], a * std::cos(a * x[1]), ad_fdn(fx, x, 3, 1));

  // Output through a pointer: the seed is in the output's shadow.
  double y[3], dy[3] = {1, 1, 1}, sx[3] = {0, 0, 0};
  double dc = ad::gradient(scale, ad::dup_noneed(y, dy), ad::dup(x, sx),
                           ad::active(2.0), ad::constant(3));
  ad_check("scale: dc", dc, 0.25 + 1 + 2.25, 3.5);
  ad_check("scale: dx2", sx[2], 2 * 2.0 * 1.5, 6.0);

  // Lambdas: captureless, capturing by reference and by value.
  double c = 2.0;
  auto byref = [&](double t) { return c * t * t; };
  ad_check("lambda by reference", ad::gradient(byref, ad::active(3.0)), 12, 12);
  auto byval = [c](const double *p, double t) { return c * p[0] * t; };
  double dp[1] = {0};
  double dt = ad::gradient(byval, ad::dup(x, dp), ad::active(3.0));
  ad_check("lambda by value: dt", dt, 2.0 * 0.5, 1.0);
  ad_check("lambda by value: dp", dp[0], 2.0 * 3.0, 6.0);
  auto [l0, l1] = ad::gradient([](double p, double q) { return p * q; },
                               ad::active(3.0), ad::active(4.0));
  ad_check("captureless lambda", l0 + 10 * l1, 4 + 30, 34);

  // Member functions: the object first.
  Model m{3.0};
  double mx[3] = {0, 0, 0};
  double dmt = ad::gradient<&Model::energy>(ad::constant(&m), ad::dup(x, mx),
                                            ad::active(2.0));
  ad_check("member: dt", dmt, 3.0 * 0.25, 0.75);
  ad_check("member: dx0", mx[0], 3.0 * 2 * 0.5 * 2.0, 6.0);
  Model dm{0.0};
  ad::gradient<&Model::stiffness>(ad::dup(&m, &dm));
  ad_check("member: d/dk of the object", dm.k, 2 * 3.0, 6.0);
  ad_check("static member", ad::gradient(Model::cube, ad::active(2.0)), 12, 12);
  ad_check("static member, template argument",
           ad::gradient<&Model::cube>(ad::active(2.0)), 12, 12);

  // A workspace for the tapes.
  ad_workspace_t *ws = ad_workspace_create(1 << 12);
  for (int rep = 0; rep < 2; rep++) {
    double wx[3] = {0, 0, 0};
    double w = ad::gradient(f, ad::dup(x, wx), ad::active(a), ad::constant(3),
                            ad::workspace(ws));
    ad_check("workspace: df/da", w, dfda, ad_fd(fa, a));
  }
  ad_workspace_destroy(ws);

  // Forward mode.
  double t0[3] = {0, 0, 0};
  double tan_a =
      ad::tangent(f, ad::dup(x, t0), ad::dual(a, 1.0), ad::constant(3));
  ad_check("tangent along a", tan_a, dfda, ad_fd(fa, a));
  double t1[3] = {1, 0, 0};
  double tan_x =
      ad::tangent<f>(ad::dup(x, t1), ad::constant(a), ad::constant(3));
  ad_check("tangent along x0", tan_x, a * std::cos(a * x[0]),
           ad_fdn(fx, x, 3, 0));
  ad_check("tangent of a lambda", ad::tangent(byref, ad::dual(3.0, 1.0)), 12,
           12);
  double yy[3], ty[3];
  double tx[3] = {1, 1, 1};
  ad::tangent(scale, ad::dup(yy, ty), ad::dup(x, tx), ad::constant(2.0),
              ad::constant(3));
  ad_check("tangent through memory", ty[1], 2 * 2.0 * 1.0, 4.0);
  // A struct result: ad::seed in reverse mode, its tangent in forward mode.
  Polar s{0.5, 2.0};
  auto [dr, dth] =
      ad::gradient(polar, ad::active(2.0), ad::active(0.5), ad::seed(s));
  ad_check("struct result: d/dr", dr, 0.5 * std::cos(0.5) + 2 * std::sin(0.5),
           0.5 * std::cos(0.5) + 2 * std::sin(0.5));
  ad_check("struct result: d/dt", dth,
           -0.5 * 2 * std::sin(0.5) + 2 * 2 * std::cos(0.5),
           -std::sin(0.5) + 4 * std::cos(0.5));
  Polar tp = ad::tangent(polar, ad::dual(2.0, 0.0), ad::dual(0.5, 1.0));
  ad_check("struct result, forward", tp.y, 2 * std::cos(0.5),
           2 * std::cos(0.5));
  // Reference parameters given pointers: a lambda and a method.
  Polar q{1.5, 2.0}, dq{0, 0}, tq{1, 0};
  auto area = [](const Polar &p, double c) { return p.x * p.y * c; };
  ad::gradient(area, ad::dup(&q, &dq), ad::constant(3.0));
  ad_check("lambda, reference parameter: d/dx", dq.x, 6, 6);
  ad_check("lambda, reference parameter: d/dy", dq.y, 4.5, 4.5);
  ad_check("lambda, reference parameter, forward",
           ad::tangent(area, ad::dup(&q, &tq), ad::constant(3.0)), 6, 6);
  Model m2{2.0};
  dq = {0, 0};
  ad::gradient<&Model::pull>(ad::constant(&m2), ad::dup(&q, &dq),
                             ad::constant(3.0));
  ad_check("method, reference parameter: d/dx", dq.x, 12, 12);
  ad_check("method, reference parameter: d/dy", dq.y, 9, 9);
  return ad_check_report();
}
