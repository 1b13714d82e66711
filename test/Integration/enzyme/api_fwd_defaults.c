// __enzyme_fwddiff with Enzyme's defaults, no markers: a double argument is
// followed by its tangent, a pointer by its shadow, an integer stands alone
// (constant). A polynomial evaluated by Horner's rule (coefficients and x
// both active), a function mixing ints between active arguments, and an
// explicit enzyme_const on one double among defaulted ones. Each tangent is
// the directional derivative along the given seeds.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_const, enzyme_dup;
double __enzyme_fwddiff(void *, ...);

static double horner(const double *c, int n, double x) {
  double r = c[n - 1];
  for (int i = n - 2; i >= 0; i--)
    r = r * x + c[i];
  return r;
}

/* ints between the doubles: k scales, m picks the power. */
static double mixed(double a, int k, double b, int m, double *out) {
  double p = 1;
  for (int i = 0; i < m; i++)
    p *= a;
  out[0] = k * p * sin(b);
  return out[0] + a * b;
}

static double with_const(double a, double b, double c) {
  return a * exp(b) / (1.0 + c * c);
}

static const double C[4] = {1.0, -2.0, 0.5, 3.0};
static double horner_x(double x) { return horner(C, 4, x); }
static double horner_c(const double *c) { return horner(c, 4, 0.7); }
static double mixed_a(double a) {
  double o;
  return mixed(a, 3, 0.4, 2, &o);
}
static double with_const_b(double b) { return with_const(1.5, b, 0.6); }

int main(void) {
  double x = ad_opaque(0.7), dc[4] = {0, 0, 0, 0};
  /* d/dx: c1 + 2 c2 x + 3 c3 x^2 */
  double t = __enzyme_fwddiff((void *)horner, C, dc, 4, x, 1.0);
  ad_check("horner d/dx", t, C[1] + 2 * C[2] * x + 3 * C[3] * x * x,
           ad_fd(horner_x, x));
  /* d/dc2 alone: x^2 */
  dc[2] = 1.0;
  t = __enzyme_fwddiff((void *)horner, C, dc, 4, x, 0.0);
  ad_check("horner d/dc2", t, x * x, ad_fdn(horner_c, C, 4, 2));
  /* both: seeds dc = e2, dx = 2 */
  t = __enzyme_fwddiff((void *)horner, C, dc, 4, x, 2.0);
  ad_check_eq("horner both", t,
              x * x + 2 * (C[1] + 2 * C[2] * x + 3 * C[3] * x * x));

  double a = ad_opaque(1.3), b = 0.4, out = 0, dout = 0;
  /* mixed = k a^m sin b + a b, k = 3, m = 2 */
  t = __enzyme_fwddiff((void *)mixed, a, 1.0, 3, b, 0.0, 2, &out, &dout);
  ad_check("mixed d/da", t, 6 * a * sin(b) + b, ad_fd(mixed_a, a));
  ad_check_eq("mixed: tangent of out", dout, 6 * a * sin(b));
  ad_check_eq("mixed: primal out", out, 3 * a * a * sin(b));
  t = __enzyme_fwddiff((void *)mixed, a, 0.0, 3, b, 1.0, 2, enzyme_dup, &out,
                       &dout);
  ad_check_eq("mixed d/db", t, 3 * a * a * cos(b) + a);

  /* enzyme_const on c: no tangent follows it. */
  double bb = ad_opaque(0.4);
  t = __enzyme_fwddiff((void *)with_const, 1.5, 0.0, bb, 1.0, enzyme_const,
                       0.6);
  ad_check("with_const d/db", t, 1.5 * exp(bb) / 1.36, ad_fd(with_const_b, bb));
  t = __enzyme_fwddiff((void *)with_const, 1.5, 1.0, enzyme_const, bb, 0.6,
                       0.5);
  ad_check_eq("with_const d/da + d/dc / 2", t,
              exp(bb) / 1.36 - 0.5 * 1.5 * exp(bb) * 2 * 0.6 / (1.36 * 1.36));
  return ad_check_report();
}
