// GCC vector extensions built from active scalars: elementwise arithmetic,
// element access and element insertion, double and float lanes.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

typedef double v2d __attribute__((vector_size(16)));
typedef float v4f __attribute__((vector_size(16)));

double vf(double a, double b) {
  v2d v = {a, b};
  v2d k = {2.0, 4.0};
  v2d w = v * v + v / k;
  v2d u = w - v;
  return u[0] * u[1];
}

/* Negation, splat-by-scalar, and writing one lane. */
double vlane(double a, double b) {
  v2d v = {a, b};
  v2d n = -v * 3.0;
  n[1] = n[0] * b;
  return n[0] + n[1];
}

float vf4(float a, float b) {
  v4f v = {a, b, a * b, 1.0f};
  v4f w = v * v - v;
  return w[0] + w[1] + w[2] + w[3];
}

static double vf_a(const double *x) { return vf(x[0], x[1]); }
static double vlane_a(const double *x) { return vlane(x[0], x[1]); }
static float vf4_a(const float *x) { return vf4(x[0], x[1]); }

int main(void) {
  double x[2] = {1.3, -0.6};
  float xf[2] = {0.7f, -1.2f};
  double a = x[0], b = x[1], p = xf[0], q = xf[1];
  double u0 = a * a - a / 2, u1 = b * b - 3 * b / 4;
  ad_double2 r = __ad_autodiff_d2((void *)vf, a, b);
  ad_check("v2d da", r.d[0], (2 * a - 0.5) * u1, ad_fdn(vf_a, x, 2, 0));
  ad_check("v2d db", r.d[1], u0 * (2 * b - 0.75), ad_fdn(vf_a, x, 2, 1));

  /* n0 = -3a, n1 = -3a b; result = -3a - 3ab. */
  ad_check("lane da", __ad_autodiff((void *)vlane, ad_opaque(a), ad_const, b),
           -3 - 3 * b, ad_fdn(vlane_a, x, 2, 0));
  ad_check("lane db", __ad_autodiff((void *)vlane, ad_const, a, b), -3 * a,
           ad_fdn(vlane_a, x, 2, 1));

  /* w = v*v - v summed: (p^2 - p) + (q^2 - q) + (p^2 q^2 - p q) + 0. */
  ad_check_f("v4f da", __ad_autodiff_f((void *)vf4, xf[0], ad_const, xf[1]),
             2 * p - 1 + 2 * p * q * q - q, ad_fdnf(vf4_a, xf, 2, 0));
  ad_check_f("v4f db", __ad_autodiff_f((void *)vf4, ad_const, xf[0], xf[1]),
             2 * q - 1 + 2 * p * p * q - p, ad_fdnf(vf4_a, xf, 2, 1));
  return ad_check_report();
}
