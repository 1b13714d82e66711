// __enzyme_autodiff returning the adjoints of three active doubles in a
// struct the caller declares (`typedef struct {double a,b,c;} R3`): a
// spherical-to-Cartesian distance with all three active by default; the
// same with explicit enzyme_out markers interleaved with an enzyme_const
// double, an integer and an enzyme_dup array (whose shadow accumulates);
// and a function whose third active argument has a zero derivative.
// Checked against analytic values and finite differences.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_out, enzyme_const, enzyme_dup;
typedef struct {
  double a, b, c;
} R3;
R3 __enzyme_autodiff(void *, ...);

/* Distance of the point (r, th, ph) in spherical coordinates from q. */
static double sdist(double r, double th, double ph) {
  double x = r * sin(th) * cos(ph), y = r * sin(th) * sin(ph), z = r * cos(th);
  return sqrt((x - 1) * (x - 1) + (y - 0.5) * (y - 0.5) +
              (z + 0.25) * (z + 0.25));
}
static double sdist_v(const double *p) { return sdist(p[0], p[1], p[2]); }

/* Mixed arguments: a, b, c active; k constant; w an array. */
static double mixed(double a, double k, int n, double b, const double *w,
                    double c) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += w[i] * exp(a * i) * b;
  return s * k + b * c * c;
}
static const double W[3] = {0.5, -0.25, 0.75};
static double mixed_v(const double *p) {
  return mixed(p[0], 1.5, 3, p[1], W, p[2]);
}

static double unused3(double a, double b, double c) { return a * b + 0 * c; }
static double unused3_v(const double *p) { return unused3(p[0], p[1], p[2]); }

int main(void) {
  double p[3] = {1.3, 0.7, -0.4};
  R3 g = __enzyme_autodiff((void *)sdist, p[0], p[1], p[2]);
  double ref[3];
  for (int i = 0; i < 3; i++) { /* analytic, by the chain rule */
    double x = p[0] * sin(p[1]) * cos(p[2]), y = p[0] * sin(p[1]) * sin(p[2]),
           z = p[0] * cos(p[1]), d = sdist_v(p);
    double J[3][3] = {{sin(p[1]) * cos(p[2]), p[0] * cos(p[1]) * cos(p[2]),
                       -p[0] * sin(p[1]) * sin(p[2])},
                      {sin(p[1]) * sin(p[2]), p[0] * cos(p[1]) * sin(p[2]),
                       p[0] * sin(p[1]) * cos(p[2])},
                      {cos(p[1]), -p[0] * sin(p[1]), 0}};
    ref[i] =
        ((x - 1) * J[0][i] + (y - 0.5) * J[1][i] + (z + 0.25) * J[2][i]) / d;
  }
  ad_check("sdist d/dr", g.a, ref[0], ad_fdn(sdist_v, p, 3, 0));
  ad_check("sdist d/dth", g.b, ref[1], ad_fdn(sdist_v, p, 3, 1));
  ad_check("sdist d/dph", g.c, ref[2], ad_fdn(sdist_v, p, 3, 2));

  double q[3] = {0.3, -1.1, 0.8}, w[3] = {0.5, -0.25, 0.75}, dw[3] = {1, 1, 1};
  R3 m =
      __enzyme_autodiff((void *)mixed, enzyme_out, q[0], enzyme_const, 1.5, 3,
                        enzyme_out, q[1], enzyme_dup, w, dw, enzyme_out, q[2]);
  double sa = 0, sb = 0;
  for (int i = 0; i < 3; i++)
    sa += W[i] * i * exp(q[0] * i), sb += W[i] * exp(q[0] * i);
  ad_check("mixed d/da", m.a, 1.5 * q[1] * sa, ad_fdn(mixed_v, q, 3, 0));
  ad_check("mixed d/db", m.b, 1.5 * sb + q[2] * q[2], ad_fdn(mixed_v, q, 3, 1));
  ad_check("mixed d/dc", m.c, 2 * q[1] * q[2], ad_fdn(mixed_v, q, 3, 2));
  for (int i = 0; i < 3; i++) /* accumulated onto 1 */
    ad_check_eq("mixed dw", dw[i], 1 + 1.5 * exp(q[0] * i) * q[1]);

  R3 u = __enzyme_autodiff((void *)unused3, 2.0, -3.0, 5.0);
  double up[3] = {2.0, -3.0, 5.0};
  ad_check("unused3 d/da", u.a, -3.0, ad_fdn(unused3_v, up, 3, 0));
  ad_check("unused3 d/db", u.b, 2.0, ad_fdn(unused3_v, up, 3, 1));
  ad_check("unused3 d/dc", u.c, 0.0, ad_fdn(unused3_v, up, 3, 2));
  return ad_check_report();
}
