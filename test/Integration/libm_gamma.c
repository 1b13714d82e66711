// lgamma and tgamma (double and float): their derivatives need digamma,
// which libm lacks; the runtime provides it (and trigamma for second
// derivatives: forward over reverse). Against exact values of digamma and
// trigamma at 1, 1/2, 3 and -1/2, and finite differences.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define PI 3.14159265358979323846
#define EULER 0.57721566490153286061
#define LN2 0.69314718055994530942

double f_lgamma(double x) { return lgamma(x); }
double f_tgamma(double x) { return tgamma(x); }
float f_lgammaf(float x) { return lgammaf(x); }
float f_tgammaf(float x) { return tgammaf(x); }
// A log-likelihood term of a Poisson rate or a Gamma shape.
double f_loglik(double a) { return (a - 1) * log(3.0) - lgamma(a) - a; }

static double d_lgamma(double x) { return __ad_autodiff((void *)f_lgamma, x); }
static double d_tgamma(double x) { return __ad_autodiff((void *)f_tgamma, x); }

static void check_at(double x, double psi, double psi1) {
  ad_check("lgamma'", __ad_autodiff((void *)f_lgamma, x), psi,
           ad_fd(f_lgamma, x));
  ad_check("tgamma'", __ad_autodiff((void *)f_tgamma, x), tgamma(x) * psi,
           ad_fd(f_tgamma, x));
  ad_check("tgamma' (forward)", __ad_fwddiff((void *)f_tgamma, ad_dup, x, 1.0),
           tgamma(x) * psi, ad_fd(f_tgamma, x));
  ad_check("loglik'", __ad_autodiff((void *)f_loglik, x), log(3.0) - psi - 1,
           ad_fd(f_loglik, x));
  // Second derivatives: trigamma.
  ad_check("lgamma''", __ad_fwddiff((void *)d_lgamma, ad_dup, x, 1.0), psi1,
           ad_fd(d_lgamma, x));
  ad_check("tgamma''", __ad_fwddiff((void *)d_tgamma, ad_dup, x, 1.0),
           tgamma(x) * (psi * psi + psi1), ad_fd(d_tgamma, x));
  float xf = (float)x;
  ad_check_f("lgammaf'", __ad_autodiff((void *)f_lgammaf, xf), (float)psi,
             (float)psi);
  ad_check_f("tgammaf'", __ad_autodiff((void *)f_tgammaf, xf),
             tgammaf(xf) * (float)psi, tgammaf(xf) * (float)psi);
}

int main(void) {
  check_at(1.0, -EULER, PI * PI / 6);
  check_at(ad_opaque(0.5), -EULER - 2 * LN2, PI * PI / 2);
  check_at(3.0, 1.5 - EULER, PI * PI / 6 - 1.25);
  // Below zero (reflection): psi(-1/2) = psi(1/2) + 2, psi1(-1/2) =
  // psi1(1/2) + 4.
  check_at(ad_opaque(-0.5), -EULER - 2 * LN2 + 2, PI * PI / 2 + 4);
  return ad_check_report();
}
