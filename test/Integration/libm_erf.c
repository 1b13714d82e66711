// erf and erfc.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define PI 3.14159265358979323846

double f_erf(double x) { return erf(x); }
double f_erfc(double x) { return erfc(x); }
double f_cdf(double x) { return 0.5 * erfc(-x / sqrt(2.0)); }

static void check_at(double x) {
  double k = 2 / sqrt(PI);
  ad_check("erf", __ad_autodiff((void *)f_erf, x), k * exp(-x * x),
           ad_fd(f_erf, x));
  ad_check("erfc", __ad_autodiff((void *)f_erfc, x), -k * exp(-x * x),
           ad_fd(f_erfc, x));
  ad_check("normal cdf", __ad_autodiff((void *)f_cdf, x),
           exp(-x * x / 2) / sqrt(2 * PI), ad_fd(f_cdf, x));
}

int main(void) {
  check_at(0.6);
  check_at(ad_opaque(-1.1));
  return ad_check_report();
}
