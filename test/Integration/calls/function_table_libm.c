// A table of unary operations (an expression evaluator's) that holds libm
// functions next to the user's own, called through a run-time index: the
// call dispatches on the pointer, and a case that calls `sin` or `exp`,
// only declared here, is differentiated by its rule. It was refused at
// every level ("a possible target, 'sin', is defined in another
// translation unit"). Reverse and forward, against analytic values.
//   f(x, k) = tab[k](x) + tab[(k + 1) % 4](x) with tab = {sin, sq, exp, cube}
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

static double sq(double x) { return x * x; }
static double cube(double x) { return x * x * x; }
static double (*tab[4])(double) = {sin, sq, exp, cube};

double f(double x, int k) { return tab[k](x) + tab[(k + 1) % 4](x); }

static double dtab(int k, double x) {
  switch (k) {
  case 0:
    return cos(x);
  case 1:
    return 2 * x;
  case 2:
    return exp(x);
  default:
    return 3 * x * x;
  }
}

int main(void) {
  double x = 0.7;
  for (int k = 0; k < 4; k++) {
    double want = dtab(k, x) + dtab((k + 1) % 4, x);
    double d = __ad_autodiff((void *)f, x, ad_const, k);
    ad_check("reverse", d, want, want);
    double t = __ad_fwddiff((void *)f, ad_dup, x, 1.0, ad_const, k);
    ad_check("forward", t, want, want);
  }
  return ad_check_report();
}
