/* ADPass runtime: special functions the derivative rules need and libm
 * lacks. digamma(x) = lgamma'(x) (so tgamma'(x) = tgamma(x) digamma(x)),
 * and trigamma(x) = digamma'(x) for a second derivative.
 *
 * Both shift x up by the recurrences psi(x) = psi(x + 1) - 1/x and
 * psi1(x) = psi1(x + 1) + 1/x^2 until x >= 20, where their asymptotic
 * series (Bernoulli numbers) is accurate to long double precision; below 0
 * the reflection formulas apply. Poles (0, -1, -2, ...) give NaN. */
#include <math.h>

#define AD_PI 3.141592653589793238462643383279502884L

static long double digamma_l(long double x) {
  if (x <= 0 && x == floorl(x))
    return NAN;
  if (x < 0) /* psi(1 - x) - psi(x) = pi cot(pi x) */
    return digamma_l(1 - x) - AD_PI / tanl(AD_PI * x);
  long double r = 0;
  for (; x < 20; x += 1)
    r -= 1 / x;
  long double f = 1 / (x * x);
  long double s =
      f * (-1.0L / 12 +
           f * (1.0L / 120 +
                f * (-1.0L / 252 +
                     f * (1.0L / 240 +
                          f * (-1.0L / 132 +
                               f * (691.0L / 32760 + f * (-1.0L / 12)))))));
  return r + logl(x) - 0.5L / x + s;
}

static long double trigamma_l(long double x) {
  if (x <= 0 && x == floorl(x))
    return NAN;
  if (x < 0) { /* psi1(1 - x) + psi1(x) = pi^2 / sin^2(pi x) */
    long double s = sinl(AD_PI * x);
    return AD_PI * AD_PI / (s * s) - trigamma_l(1 - x);
  }
  long double r = 0;
  for (; x < 20; x += 1)
    r += 1 / (x * x);
  long double f = 1 / (x * x);
  long double s =
      1 / x + 0.5L * f +
      f / x *
          (1.0L / 6 + f * (-1.0L / 30 +
                           f * (1.0L / 42 +
                                f * (-1.0L / 30 +
                                     f * (5.0L / 66 + f * (-691.0L / 2730 +
                                                           f * (7.0L / 6)))))));
  return r + s;
}

double __ad_digamma(double x) { return (double)digamma_l(x); }
float __ad_digammaf(float x) { return (float)digamma_l(x); }
long double __ad_digammal(long double x) { return digamma_l(x); }
double __ad_trigamma(double x) { return (double)trigamma_l(x); }
float __ad_trigammaf(float x) { return (float)trigamma_l(x); }
long double __ad_trigammal(long double x) { return trigamma_l(x); }
