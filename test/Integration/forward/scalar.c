// Forward mode (__ad_fwddiff) of scalar functions: the tangent of f(x) and of
// g(x, y) along each axis and along a mixed direction, against analytic
// values, finite differences along the direction and the reverse-mode
// gradient dotted with the direction. Also ad_const scalars, integer
// arguments without a marker, ad_result (before and after the other
// arguments), a void function writing through a pointer, and the Enzyme
// spelling.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double __enzyme_fwddiff(void *, ...);

double f1(double x) { return x * x * x - 2 * x + 1 / (1 + x * x); }

double g2(double x, double y) { return x * x * y + y / x - 3 * x * y * y; }

/* x^n + n x, n an integer argument (no marker). */
double powi_n(double x, int n) {
  double r = 1;
  for (int i = 0; i < n; ++i)
    r *= x;
  return r + n * x;
}

/* c constant: c x^2 + sin(c). */
double scaled(double x, double c) { return c * x * x + sin(c); }

/* Writes sin(x) y to *out; returns nothing. */
void to_ptr(double x, double y, double *out) { *out = sin(x) * y; }

static double f1_d(double x) {
  double q = 1 + x * x;
  return 3 * x * x - 2 - 2 * x / (q * q);
}
static double g2_dx(double x, double y) {
  return 2 * x * y - y / (x * x) - 3 * y * y;
}
static double g2_dy(double x, double y) { return x * x + 1 / x - 6 * x * y; }

/* Finite differences along the direction: d/dt h(x + t vx, y + t vy). */
static double X0, Y0, VX, VY, C;
static int NPOW;
static double g2_a(const double *a) { return g2(a[0], a[1]); }
static double g2_dir(double t) { return g2(X0 + t * VX, Y0 + t * VY); }
static double powi_x(double x) { return powi_n(x, NPOW); }
static double scaled_x(double x) { return scaled(x, C); }
static double to_ptr_dir(double t) {
  double o;
  to_ptr(X0 + t * VX, Y0 + t * VY, &o);
  return o;
}

static void check_at(double x, double y, double vx, double vy) {
  double a[2] = {x, y}, d, e, r, o, dout;
  ad_double2 g;
  X0 = x;
  Y0 = y;
  VX = vx;
  VY = vy;

  ad_check("f1 dx", __ad_fwddiff((void *)f1, ad_dup, x, 1.0), f1_d(x),
           ad_fd(f1, x));
  ad_check("f1 along vx", __ad_fwddiff((void *)f1, ad_dup, x, vx), vx * f1_d(x),
           vx * ad_fd(f1, x));
  ad_check_eq("f1 zero tangent", __ad_fwddiff((void *)f1, ad_dup, x, 0.0), 0);
  ad_check_eq("f1 = reverse", __ad_fwddiff((void *)f1, ad_dup, x, vx),
              vx * __ad_autodiff((void *)f1, x));

  ad_check("g2 along x",
           __ad_fwddiff((void *)g2, ad_dup, x, 1.0, ad_dup, y, 0.0),
           g2_dx(x, y), ad_fdn(g2_a, a, 2, 0));
  ad_check("g2 along y",
           __ad_fwddiff((void *)g2, ad_dup, x, 0.0, ad_dup, y, 1.0),
           g2_dy(x, y), ad_fdn(g2_a, a, 2, 1));
  ad_check("g2 x, const y",
           __ad_fwddiff((void *)g2, ad_dup, x, 1.0, ad_const, y), g2_dx(x, y),
           ad_fdn(g2_a, a, 2, 0));
  ad_check("g2 const x, y",
           __ad_fwddiff((void *)g2, ad_const, x, ad_dup, y, 1.0), g2_dy(x, y),
           ad_fdn(g2_a, a, 2, 1));
  e = vx * g2_dx(x, y) + vy * g2_dy(x, y);
  d = __ad_fwddiff((void *)g2, ad_dup, x, vx, ad_dup, y, vy);
  ad_check("g2 mixed direction", d, e, ad_fd(g2_dir, 0.0));
  g = __ad_autodiff_d2((void *)g2, x, y);
  ad_check_eq("g2 mixed = reverse gradient . v", d, g.d[0] * vx + g.d[1] * vy);
  ad_check_eq("g2 all const",
              __ad_fwddiff((void *)g2, ad_const, x, ad_const, y), 0);

  r = -1;
  d = __ad_fwddiff((void *)g2, ad_dup, x, vx, ad_dup, y, vy, ad_result, &r);
  ad_check("g2 with ad_result", d, e, ad_fd(g2_dir, 0.0));
  ad_check_eq("g2 ad_result is the primal", r, g2(x, y));
  r = -1;
  d = __ad_fwddiff((void *)f1, ad_result, &r, ad_dup, x, 1.0);
  ad_check("f1 with ad_result first", d, f1_d(x), ad_fd(f1, x));
  ad_check_eq("f1 ad_result first is the primal", r, f1(x));

  NPOW = 5;
  ad_check("powi_n(x, 5)",
           __ad_fwddiff((void *)powi_n, ad_dup, x, 1.0, (int)ad_opaque(5)),
           5 * x * x * x * x + 5, ad_fd(powi_x, x));
  NPOW = 2;
  ad_check("powi_n(x, 2) along vx",
           __ad_fwddiff((void *)powi_n, ad_dup, x, vx, 2), vx * (2 * x + 2),
           vx * ad_fd(powi_x, x));
  ad_check_eq("powi_n(x, 0)",
              __ad_fwddiff((void *)powi_n, ad_dup, x, 1.0, (int)ad_opaque(0)),
              0);

  C = y;
  ad_check("scaled, const c",
           __ad_fwddiff((void *)scaled, ad_dup, x, 1.0, ad_const, y), 2 * y * x,
           ad_fd(scaled_x, x));

  o = -1;
  dout = 99;
  d = __ad_fwddiff((void *)to_ptr, ad_dup, x, vx, ad_dup, y, vy, ad_dup, &o,
                   &dout);
  ad_check_eq("to_ptr returns 0", d, 0);
  ad_check_eq("to_ptr primal written", o, sin(x) * y);
  ad_check("to_ptr tangent written", dout, cos(x) * y * vx + sin(x) * vy,
           ad_fd(to_ptr_dir, 0.0));
  o = -1;
  dout = 99;
  /* A pointer without a marker is ad_dup. */
  __ad_fwddiff((void *)to_ptr, ad_const, x, ad_dup, y, vy, &o, &dout);
  ad_check_eq("to_ptr const x: primal", o, sin(x) * y);
  ad_check_eq("to_ptr const x: tangent", dout, sin(x) * vy);

  ad_check("__enzyme_fwddiff",
           __enzyme_fwddiff((void *)g2, enzyme_dup, x, vx, enzyme_dup, y, vy),
           e, ad_fd(g2_dir, 0.0));
  ad_check("__enzyme_fwddiff, enzyme_const",
           __enzyme_fwddiff((void *)g2, enzyme_const, x, enzyme_dup, y, 1.0),
           g2_dy(x, y), ad_fdn(g2_a, a, 2, 1));
}

int main(void) {
  check_at(0.7, -1.3, 0.6, -0.8);
  check_at(ad_opaque(-1.4), ad_opaque(0.9), ad_opaque(1.0), ad_opaque(2.5));
  return ad_check_report();
}
