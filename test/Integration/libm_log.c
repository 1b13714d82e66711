// log, log2, log10 and log1p.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f_log(double x) { return log(x); }
double f_log2(double x) { return log2(x); }
double f_log10(double x) { return log10(x); }
double f_log1p(double x) { return log1p(x); }
double f_xlogx(double x) { return x * log(x * x + 1.0); }

static void check_at(double x) {
  ad_check("log", __ad_autodiff((void *)f_log, x), 1 / x, ad_fd(f_log, x));
  ad_check("log2", __ad_autodiff((void *)f_log2, x), 1 / (x * log(2.0)),
           ad_fd(f_log2, x));
  ad_check("log10", __ad_autodiff((void *)f_log10, x), 1 / (x * log(10.0)),
           ad_fd(f_log10, x));
  ad_check("log1p", __ad_autodiff((void *)f_log1p, x), 1 / (1 + x),
           ad_fd(f_log1p, x));
}

int main(void) {
  check_at(2.5);
  check_at(ad_opaque(0.4));
  ad_check("log1p(-0.5)", __ad_autodiff((void *)f_log1p, -0.5), 2.0,
           ad_fd(f_log1p, -0.5));
  ad_check("x log(x*x+1)", __ad_autodiff((void *)f_xlogx, -1.3),
           log(1.3 * 1.3 + 1) + 2 * 1.3 * 1.3 / (1.3 * 1.3 + 1),
           ad_fd(f_xlogx, -1.3));
  return ad_check_report();
}
