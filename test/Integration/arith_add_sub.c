// Reverse mode through fadd, fsub and fneg, with constants mixed in.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>

double add(double x, double y) { return x + y + 2.5; }
double sub(double x, double y) { return (x - y) - (y - 3.0); }
double neg(double x) { return -x + -(x - 1.0) - 0.5; }
double add3(double x) { return x + x + x - 7.0; }
double negsq(double x) { return -(x - 2.0) - -x; }

static double add_a(const double *a) { return add(a[0], a[1]); }
static double sub_a(const double *a) { return sub(a[0], a[1]); }

int main(void) {
  double x = 1.25, y = -0.75;
  double a[2] = {1.25, -0.75};

  ad_check("add dx", __ad_autodiff((void *)add, x, ad_const, y), 1.0,
           ad_fdn(add_a, a, 2, 0));
  ad_check("add dy", __ad_autodiff((void *)add, ad_const, x, y), 1.0,
           ad_fdn(add_a, a, 2, 1));
  ad_check("sub dx", __ad_autodiff((void *)sub, x, ad_const, y), 1.0,
           ad_fdn(sub_a, a, 2, 0));
  ad_check("sub dy", __ad_autodiff((void *)sub, ad_const, x, y), -2.0,
           ad_fdn(sub_a, a, 2, 1));
  ad_check("neg", __ad_autodiff((void *)neg, x), -2.0, ad_fd(neg, x));
  ad_check("neg opaque", __ad_autodiff((void *)neg, ad_opaque(-3.5)), -2.0,
           ad_fd(neg, -3.5));
  ad_check("add3", __ad_autodiff((void *)add3, ad_opaque(y)), 3.0,
           ad_fd(add3, y));
  ad_check("negsq (cancels)", __ad_autodiff((void *)negsq, x), 0.0,
           ad_fd(negsq, x));
  return ad_check_report();
}
