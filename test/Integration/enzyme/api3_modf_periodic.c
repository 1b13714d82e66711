// Periodic boundary conditions as molecular dynamics codes write them: the
// pair separation in fractional coordinates is wrapped with modf (fraction
// kept, integral part discarded) to the nearest image, then a harmonic pair
// energy E = sum_{i<j} r_ij^2 with r_ij = L * wrap((x_i - x_j) / L). The
// wrap is piecewise a shift, so dE/dx_i = sum_{j != i} 2 r_ij s_ij with
// s_ij = +1 for i < j and -1 for i > j (r_ji = -r_ij). Enzyme's
// __enzyme_autodiff and __enzyme_fwddiff (enzyme_dup, enzyme_const), with
// coordinates several boxes apart so the integral parts are not zero.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 5 };

static double wrapped(double d, double box) {
  double whole;
  double f = modf(d / box, &whole);
  if (f >= 0.5)
    f -= 1.0;
  else if (f < -0.5)
    f += 1.0;
  return f * box;
}

double energy(const double *x, double box) {
  double e = 0;
  for (int i = 0; i < N; ++i)
    for (int j = i + 1; j < N; ++j) {
      double r = wrapped(x[i] - x[j], box);
      e += r * r;
    }
  return e;
}

static double energy_at(const double *x) { return energy(x, 3.0); }

int main(void) {
  const double box = 3.0;
  double x[N] = {0.4, 7.3, -5.2, 2.9, 11.05}, dx[N] = {0};
  __enzyme_autodiff((void *)energy, enzyme_dup, x, dx, enzyme_const, box);
  double want[N] = {0};
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j)
      if (j != i)
        want[i] += 2 * wrapped(x[i] - x[j], box);
  for (int i = 0; i < N; ++i)
    ad_check("dE/dx_i", dx[i], want[i], ad_fdn(energy_at, x, N, i));

  /* Forward: the directional derivative along v. */
  double v[N] = {1.0, -0.5, 0.25, 2.0, -1.5}, dir = 0;
  for (int i = 0; i < N; ++i)
    dir += want[i] * v[i];
  double dE =
      __enzyme_fwddiff((void *)energy, enzyme_dup, x, v, enzyme_const, box);
  ad_check_eq("dE along v", dE, dir);
  return ad_check_report();
}
