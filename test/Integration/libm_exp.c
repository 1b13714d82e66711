// exp, exp2 and expm1.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f_exp(double x) { return exp(x); }
double f_exp2(double x) { return exp2(x); }
double f_expm1(double x) { return expm1(x); }
double f_gauss(double x) { return exp(-x * x) * 3.0; }

static void check_at(double x) {
  ad_check("exp", __ad_autodiff((void *)f_exp, x), exp(x), ad_fd(f_exp, x));
  ad_check("exp2", __ad_autodiff((void *)f_exp2, x), exp2(x) * log(2.0),
           ad_fd(f_exp2, x));
  ad_check("expm1", __ad_autodiff((void *)f_expm1, x), exp(x),
           ad_fd(f_expm1, x));
  ad_check("3 exp(-x*x)", __ad_autodiff((void *)f_gauss, x),
           -6 * x * exp(-x * x), ad_fd(f_gauss, x));
}

int main(void) {
  check_at(0.3);
  check_at(ad_opaque(-1.7));
  check_at(ad_opaque(2.2));
  return ad_check_report();
}
