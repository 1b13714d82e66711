// frexp (mantissa and exponent), ldexp, scalbn and their float versions in
// differentiated code, both modes: the mantissa of frexp(x, &e) is
// x 2^-e, so its derivative is 2^-e (the exponent, an integer, has none);
// ldexp(x, n) has derivative 2^n. In a loop, each iteration's exponent is
// used (not the last one). Zero and a subnormal input, where the mantissa
// x 2^-e must be computed without overflow.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

static double f(const double *x, int n) {
  double s = 0;
  int e;
  for (int i = 0; i < n; i++) {
    double m = frexp(x[i] * (i + 1), &e);
    s += m * m + ldexp(x[i], i) + e;
  }
  return s;
}

static float ff(float x) {
  int e;
  float m = frexpf(x, &e);
  return m * scalbnf(m, e + 2);
}

static double one(double x) {
  int e;
  return frexp(x, &e);
}

static double f1(const double *x) { return f(x, 4); }

int main(void) {
  double x[4] = {0.3, 5.0, 17.0, 0.01}, dx[4] = {0, 0, 0, 0};
  __ad_autodiff((void *)f, x, dx, 4);
  for (int i = 0; i < 4; i++) {
    int e;
    double m = frexp(x[i] * (i + 1), &e);
    double want = 2 * m * ldexp(i + 1.0, -e) + ldexp(1.0, i);
    ad_check("frexp in a loop: d/dx", dx[i], want, ad_fdn(f1, x, 4, i));
    double t[4] = {0, 0, 0, 0};
    t[i] = 1;
    double fw = __ad_fwddiff((void *)f, ad_dup, x, t, ad_const, 4);
    ad_check_eq("frexp in a loop: forward", fw, want);
  }
  /* ff(x) = m * m 2^(e+2) = 4 x^2 2^-e: d/dx = 8 x 2^-e. */
  float xf = 3.0f;
  float df = __ad_autodiff_f((void *)ff, xf);
  ad_check_f("frexpf, scalbnf", df, 8 * 3.0 / 4.0, ad_fdf(ff, xf));
  /* At 0, e = 0: derivative 1. A subnormal: 2^-e is huge but exact. */
  ad_check_eq("frexp at 0", __ad_autodiff((void *)one, 0.0), 1.0);
  double sub = 0x1.8p-1023, r;
  int es;
  double m = frexp(sub, &es);
  ad_check_eq("frexp of a subnormal", __ad_autodiff((void *)one, sub),
              ldexp(1.0, -es));
  ad_check_eq("frexp of a subnormal: forward",
              __ad_fwddiff((void *)one, ad_dup, sub, 1.0, ad_result, &r),
              ldexp(1.0, -es));
  ad_check_exact("frexp of a subnormal: mantissa", r, m);
  return ad_check_report();
}
