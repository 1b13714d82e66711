// The checker itself must be able to fail: a derivative that disagrees with
// the analytic value or with the finite difference, or a NaN, makes the
// program exit nonzero; so does a program that checks nothing.
// RUN: %clang -O0 %s -o %t.ok -lm
// RUN: %t.ok | %FileCheck %s --check-prefix=OK
// RUN: %clang -O2 -DBAD_ANALYTIC %s -o %t.analytic -lm
// RUN: %not %t.analytic | %FileCheck %s --check-prefix=ANALYTIC
// RUN: %clang -O2 -DBAD_FD %s -o %t.fd -lm
// RUN: %not %t.fd | %FileCheck %s --check-prefix=FD
// RUN: %clang -O0 -DBAD_DERIVATIVE %s -o %t.deriv -lm
// RUN: %not %t.deriv | %FileCheck %s --check-prefix=DERIV
// RUN: %clang -O0 -DBAD_NAN %s -o %t.nan -lm
// RUN: %not %t.nan | %FileCheck %s --check-prefix=NAN
// RUN: %clang -O0 -DBAD_FLOAT %s -o %t.float -lm
// RUN: %not %t.float | %FileCheck %s --check-prefix=FLOAT
// RUN: %clang -O0 -DNO_CHECK %s -o %t.none -lm
// RUN: %not %t.none | %FileCheck %s --check-prefix=NONE
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f(double x) { return sin(x) * x; }
double notf(double x) { return sin(x) * x * 1.001; }
float ff(float x) { return x * x; }

int main(void) {
#ifndef NO_CHECK
  double x = 0.8;
  double d = __ad_autodiff((void *)f, x);
  double expected = cos(x) * x + sin(x);
  double fd = ad_fd(f, x);
  float df = __ad_autodiff_f((void *)ff, 1.5f);
  ad_check_f("float", df, 3.0, ad_fdf(ff, 1.5f));
#ifdef BAD_ANALYTIC
  expected *= 1 + 1e-5;
#endif
#ifdef BAD_FD
  fd = ad_fd(notf, x);
#endif
#ifdef BAD_DERIVATIVE
  d += 2e-6 * d;
#endif
#ifdef BAD_NAN
  d = NAN;
#endif
#ifdef BAD_FLOAT
  ad_check_f("float off by 2e-3", df * (1 + 2e-3), 3.0, ad_fdf(ff, 1.5f));
#endif
  ad_check("sin(x) x", d, expected, ad_fd(f, x));
  ad_check("sin(x) x (fd)", d, cos(x) * x + sin(x), fd);
#endif
  return ad_check_report();
}
// OK: 3 checks, 0 failed
// ANALYTIC: FAIL sin(x) x: differs from analytic
// ANALYTIC: 3 checks, 1 failed
// FD: FAIL sin(x) x (fd): differs from FD
// FD: 3 checks, 1 failed
// DERIV: FAIL sin(x) x: differs from analytic and FD
// DERIV: 3 checks, 2 failed
// NAN: 3 checks, 2 failed
// FLOAT: FAIL float off by 2e-3
// FLOAT: 4 checks, 1 failed
// NONE: 0 checks, 0 failed
// NONE: FAIL: no check ran
