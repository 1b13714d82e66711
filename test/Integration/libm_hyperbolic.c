// tanh, sinh and cosh.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f_tanh(double x) { return tanh(x); }
double f_sinh(double x) { return sinh(x); }
double f_cosh(double x) { return cosh(x); }
double f_mix(double x) { return tanh(sinh(x)) * cosh(x); }

static void check_at(double x) {
  double t = tanh(sinh(x));
  ad_check("tanh", __ad_autodiff((void *)f_tanh, x), 1 - tanh(x) * tanh(x),
           ad_fd(f_tanh, x));
  ad_check("sinh", __ad_autodiff((void *)f_sinh, x), cosh(x), ad_fd(f_sinh, x));
  ad_check("cosh", __ad_autodiff((void *)f_cosh, x), sinh(x), ad_fd(f_cosh, x));
  ad_check("tanh(sinh(x)) * cosh(x)", __ad_autodiff((void *)f_mix, x),
           (1 - t * t) * cosh(x) * cosh(x) + t * sinh(x), ad_fd(f_mix, x));
}

int main(void) {
  check_at(0.4);
  check_at(ad_opaque(-1.3));
  return ad_check_report();
}
