// The Enzyme spellings, with a hand-written Enzyme-style prologue instead of
// ad.h: __enzyme_autodiff, enzyme_dup, enzyme_const, enzyme_out,
// enzyme_dupnoneed.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_dup;
extern int enzyme_dupnoneed;
extern int enzyme_const;
extern int enzyme_out;
double __enzyme_autodiff(void *, ...);

double f(double x, double c) { return sin(x) * c + x * x; }
double g(const double *x, double s) { return x[0] * x[1] * s; }
void h(const double *x, double *y) { y[0] = exp(x[0]) * x[1]; }

static double f_a(const double *a) { return f(a[0], a[1]); }
static double g_a(const double *a) { return g(a, a[2]); }
static double h_a(const double *a) {
  double y[1];
  h(a, y);
  return y[0];
}

int main(void) {
  double fa[2] = {0.6, 1.7};
  double x[3] = {1.1, -0.4, 0.9}; /* x[2]: s, for the finite differences */
  double dx[2] = {0, 0};
  double y[1] = {0}, dy[1] = {1.0};
  double ds;

  ad_check("enzyme_out + enzyme_const",
           __enzyme_autodiff((void *)f, enzyme_out, fa[0], enzyme_const, fa[1]),
           cos(fa[0]) * fa[1] + 2 * fa[0], ad_fdn(f_a, fa, 2, 0));
  ad_check("plain __enzyme_autodiff",
           __enzyme_autodiff((void *)f, enzyme_const, fa[0], fa[1]), sin(fa[0]),
           ad_fdn(f_a, fa, 2, 1));

  ds = __enzyme_autodiff((void *)g, enzyme_dup, x, dx, x[2]);
  ad_check("enzyme_dup ds", ds, x[0] * x[1], ad_fdn(g_a, x, 3, 2));
  ad_check("enzyme_dup dx0", dx[0], x[1] * x[2], ad_fdn(g_a, x, 3, 0));
  ad_check("enzyme_dup dx1", dx[1], x[0] * x[2], ad_fdn(g_a, x, 3, 1));

  dx[0] = dx[1] = 0;
  __enzyme_autodiff((void *)h, enzyme_dup, x, dx, enzyme_dupnoneed, y, dy);
  ad_check("enzyme_dupnoneed dx0", dx[0], exp(x[0]) * x[1],
           ad_fdn(h_a, x, 2, 0));
  ad_check("enzyme_dupnoneed dx1", dx[1], exp(x[0]), ad_fdn(h_a, x, 2, 1));
  return ad_check_report();
}
