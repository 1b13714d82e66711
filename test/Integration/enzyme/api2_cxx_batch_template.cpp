// __enzyme_batch from C++, declared as Enzyme's README declares its entry
// points (`template <typename R, typename... T> R __enzyme_batch(void *,
// T...)`): a function-template instantiation run on four lanes (results in
// a struct of four doubles); a batch of a gradient (each lane of a wrapper
// calls __enzyme_autodiff, so the batch evaluates four derivatives); and a
// batch inside a function differentiated by __enzyme_autodiff, one lane
// argument shared by all lanes (enzyme_scalar), its adjoint the sum over the
// lanes. Checked against analytic values and finite differences. (The
// template declaration is a mangled C++ name; it was left as a call, an
// undefined symbol, before ADPass matched it like the other entry points.)
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 -lm && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 -lm && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <cmath>

extern int enzyme_width, enzyme_vector, enzyme_scalar, enzyme_const;
template <typename R, typename... T> R __enzyme_batch(void *, T...);
template <typename R, typename... T> R __enzyme_autodiff(void *, T...);

struct L4 {
  double d[4];
};
struct L2 {
  double a, b;
};

template <typename Real> Real bump(Real x, Real s) {
  return std::exp(-x * x * s) * std::sin(Real(3) * x);
}
static double bump_x(double x) { return bump(x, 0.7); }
static double bump_s(double s) { return bump(0.4, s); }
static double dbump_dx(double x, double s) {
  return std::exp(-x * x * s) *
         (-2 * x * s * std::sin(3 * x) + 3 * std::cos(3 * x));
}

/* The derivative of bump in x, by reverse mode, s constant. */
static double grad_bump(double x, double s) {
  return __enzyme_autodiff<double>((void *)bump<double>, x, enzyme_const, s);
}

/* Two lanes sharing s: bump(x, s) + bump(2x, s). */
static double two_lanes(double x, double s) {
  L2 r = __enzyme_batch<L2>((void *)bump<double>, enzyme_width, 2,
                            enzyme_vector, x, 2 * x, enzyme_scalar, s);
  return r.a + r.b;
}
static double tl_s(double s) { return two_lanes(0.4, s); }

int main() {
  const double xs[4] = {-0.9, 0.1, 0.5, 1.3}, s = 0.7;
  L4 v =
      __enzyme_batch<L4>((void *)bump<double>, enzyme_width, 4, enzyme_vector,
                         xs[0], xs[1], xs[2], xs[3], enzyme_scalar, s);
  for (int k = 0; k < 4; k++)
    ad_check_exact("bump lanes", v.d[k], bump(xs[k], s));

  L4 g = __enzyme_batch<L4>((void *)grad_bump, enzyme_width, 4, enzyme_vector,
                            xs[0], xs[1], xs[2], xs[3], enzyme_scalar, s);
  for (int k = 0; k < 4; k++)
    ad_check("batched gradient", g.d[k], dbump_dx(xs[k], s),
             ad_fd(bump_x, xs[k]));

  double x = 0.4;
  L2 d = __enzyme_autodiff<L2>((void *)two_lanes, x, s);
  double es1 = -x * x * bump(x, s), es2 = -4 * x * x * bump(2 * x, s);
  ad_check("batch in gradient: d/dx", d.a,
           dbump_dx(x, s) + 2 * dbump_dx(2 * x, s),
           ad_fd(bump_x, x) + 2 * ad_fd(bump_x, 2 * x));
  ad_check("batch in gradient: d/ds (shared lane)", d.b, es1 + es2,
           ad_fd(tl_s, s));
  (void)bump_s;
  return ad_check_report();
}
