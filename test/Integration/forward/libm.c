// Forward mode through libm: sin, exp, sqrt, tanh (one variable), log, pow,
// atan2, fabs, fmax and a composition (two variables). Each tangent along x,
// along y (the other argument ad_const) and along a mixed direction is
// checked against the analytic derivative, a finite difference along the
// direction and the reverse-mode gradient dotted with the direction. The
// points cover both branches of fabs and fmax and three atan2 quadrants.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double m_sin_exp(double x) { return sin(x) * exp(-0.5 * x); }
double m_sqrt_tanh(double x) { return sqrt(1 + x * x) * tanh(x); }
double m_log_pow(double x, double y) { return log(x) * pow(x, y); }
double m_atan2(double x, double y) { return atan2(y, x - 1.0); }
double m_abs_max(double x, double y) { return fabs(y) * x + fmax(x, y); }
double m_compose(double x, double y) {
  return exp(sin(x) * y) + sqrt(x * x + y * y) * tanh(y);
}

typedef double (*fn1)(double);
typedef double (*fn2)(double, double);
static fn1 F1;
static fn2 F2;
static double X0, Y0, VX, VY;
static double f1_dir(double t) { return F1(X0 + t * VX); }
static double f2_dir(double t) { return F2(X0 + t * VX, Y0 + t * VY); }
static double f2_a(const double *a) { return F2(a[0], a[1]); }

/* t: the tangent along v; rev: the reverse-mode derivative; e: f'(x). */
static void check1(const char *name, fn1 f, double x, double v, double t,
                   double rev, double e) {
  char buf[128];
  F1 = f;
  X0 = x;
  VX = v;
  snprintf(buf, sizeof buf, "%s(%g) along %g", name, x, v);
  ad_check(buf, t, e * v, ad_fd(f1_dir, 0.0));
  snprintf(buf, sizeof buf, "%s(%g): forward = reverse . v", name, x);
  ad_check_eq(buf, t, rev * v);
}
#define FWD1(fn, x, v)                                                         \
  __ad_fwddiff((void *)fn, ad_dup, x, v), __ad_autodiff((void *)fn, x)

/* tx, ty: the tangents along x and along y; tv along (vx, vy); g: the
 * reverse-mode gradient; ex, ey: the analytic partial derivatives. */
static void check2(const char *name, fn2 f, double x, double y, double vx,
                   double vy, double tx, double ty, double tv, ad_double2 g,
                   double ex, double ey) {
  char buf[128];
  double a[2] = {x, y};
  F2 = f;
  X0 = x;
  Y0 = y;
  VX = vx;
  VY = vy;
  snprintf(buf, sizeof buf, "%s(%g, %g) along x", name, x, y);
  ad_check(buf, tx, ex, ad_fdn(f2_a, a, 2, 0));
  snprintf(buf, sizeof buf, "%s(%g, %g) along y", name, x, y);
  ad_check(buf, ty, ey, ad_fdn(f2_a, a, 2, 1));
  snprintf(buf, sizeof buf, "%s(%g, %g) along (%g, %g)", name, x, y, vx, vy);
  ad_check(buf, tv, ex * vx + ey * vy, ad_fd(f2_dir, 0.0));
  snprintf(buf, sizeof buf, "%s(%g, %g): forward = reverse . v", name, x, y);
  ad_check_eq(buf, tv, g.d[0] * vx + g.d[1] * vy);
}
#define FWD2(fn, x, y, vx, vy)                                                 \
  __ad_fwddiff((void *)fn, ad_dup, x, 1.0, ad_const, y),                       \
      __ad_fwddiff((void *)fn, ad_const, x, ad_dup, y, 1.0),                   \
      __ad_fwddiff((void *)fn, ad_dup, x, vx, ad_dup, y, vy),                  \
      __ad_autodiff_d2((void *)fn, x, y)

static void check_at(double x, double y, double vx, double vy) {
  double e = exp(-0.5 * x), s = sqrt(1 + x * x), th = tanh(x);
  double p = pow(x, y), q = (x - 1) * (x - 1) + y * y;
  double ez = exp(sin(x) * y), r = sqrt(x * x + y * y), ty = tanh(y);

  check1("sin exp", m_sin_exp, x, vx, FWD1(m_sin_exp, x, vx),
         cos(x) * e - 0.5 * sin(x) * e);
  check1("sqrt tanh", m_sqrt_tanh, x, vx, FWD1(m_sqrt_tanh, x, vx),
         x / s * th + s * (1 - th * th));
  check2("log pow", m_log_pow, x, y, vx, vy, FWD2(m_log_pow, x, y, vx, vy),
         p / x + log(x) * y * p / x, log(x) * log(x) * p);
  check2("atan2", m_atan2, x, y, vx, vy, FWD2(m_atan2, x, y, vx, vy), -y / q,
         (x - 1) / q);
  check2("fabs fmax", m_abs_max, x, y, vx, vy, FWD2(m_abs_max, x, y, vx, vy),
         fabs(y) + (x > y), (y > 0 ? x : -x) + (y > x));
  check2("compose", m_compose, x, y, vx, vy, FWD2(m_compose, x, y, vx, vy),
         ez * cos(x) * y + x / r * ty,
         ez * sin(x) + y / r * ty + r * (1 - ty * ty));
}

int main(void) {
  check_at(1.3, 0.4, 0.7, -1.2);
  check_at(0.6, -1.1, 0.7, -1.2);
  check_at(ad_opaque(0.5), ad_opaque(2.0), ad_opaque(-0.3), ad_opaque(0.9));
  return ad_check_report();
}
