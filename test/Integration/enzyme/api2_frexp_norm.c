// frexp and ldexp in a normalization routine, as numerical code avoids
// overflow: a 2-norm computed by scaling the vector by a power of two
// (frexp of the largest magnitude gives the exponent e, ldexp(x_i, -e)
// scales exactly) and scaling back (ldexp(sqrt(s), e)); the exponent is an
// integer, so it is constant and d|x|/dx_i = x_i/|x|. Also a mantissa used
// directly (frexp's result has derivative 2^-e), in __enzyme_autodiff and
// __enzyme_fwddiff, at large magnitudes where the naive sum would overflow.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

enum { N = 4 };

static double snorm(const double *x, int n) {
  double mx = 0;
  for (int i = 0; i < n; i++)
    mx = fabs(x[i]) > mx ? fabs(x[i]) : mx;
  int e;
  frexp(mx, &e);
  double s = 0;
  for (int i = 0; i < n; i++) {
    double y = ldexp(x[i], -e);
    s += y * y;
  }
  return ldexp(sqrt(s), e);
}
static double snorm_v(const double *p) { return snorm(p, N); }

/* mantissa(x) * cos(x), mantissa in [0.5, 1). */
static double mant(double x) {
  int e;
  double m = frexp(x, &e);
  return m * cos(x) + ldexp(x, 3);
}

int main(void) {
  for (int big = 0; big < 2; big++) {
    double sc = big ? 1e200 : 1.0;
    double x[N] = {0.3 * sc, -2.5 * sc, 1.7 * sc, 0.9 * sc}, dx[N] = {0};
    double nrm = 0;
    for (int i = 0; i < N; i++)
      nrm = hypot(nrm, x[i]);
    __enzyme_autodiff((void *)snorm, enzyme_dup, x, dx, enzyme_const, N);
    for (int i = 0; i < N; i++)
      ad_check(big ? "snorm grad (1e200)" : "snorm grad", dx[i], x[i] / nrm,
               ad_fdn(snorm_v, x, N, i));
    double t[N] = {1, -1, 0.5, 2}, dir = 0;
    for (int i = 0; i < N; i++)
      dir += x[i] / nrm * t[i];
    double fd = 0; /* finite difference along t */
    {
      double xp[N], xm[N], h = 1e-6 * sc;
      for (int i = 0; i < N; i++)
        xp[i] = x[i] + h * t[i], xm[i] = x[i] - h * t[i];
      fd = (snorm(xp, N) - snorm(xm, N)) / (2 * h);
    }
    double df =
        __enzyme_fwddiff((void *)snorm, enzyme_dup, x, t, enzyme_const, N);
    ad_check(big ? "snorm tangent (1e200)" : "snorm tangent", df, dir, fd);
  }
  double xs[3] = {0.7, 3.3, -5.1};
  for (int k = 0; k < 3; k++) {
    double x = xs[k];
    int e;
    double m = frexp(x, &e);
    double ref = ldexp(1.0, -e) * cos(x) - m * sin(x) + 8.0;
    ad_check("mant reverse", __enzyme_autodiff((void *)mant, x), ref,
             ad_fd(mant, x));
    ad_check("mant forward", __enzyme_fwddiff((void *)mant, x, 1.0), ref,
             ad_fd(mant, x));
  }
  return ad_check_report();
}
