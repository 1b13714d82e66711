// A struct passed by value (byval) and a _Bool (zeroext) to a recursive
// helper that modifies its copy: the derivatives must keep the callee's copy
// (and its shadow) private, and pass arguments as the callee expects.
// Analytic value: the same recursion with dual numbers, written by hand.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdbool.h>

struct S {
  double a, b, c;
  int k;
};

static double rec(struct S s, const double *x, int m, bool flip) {
  if (m == 0)
    return s.a * s.b + s.c;
  s.a = s.a * x[m - 1] + (flip ? 1.0 : 0.5);
  s.c += sin(s.a);
  return rec(s, x, m - 1, !flip) * 0.9 + s.a;
}

double f(const double *x, int n) {
  struct S s = {x[0], x[1], 0.3, 2};
  return rec(s, x, n, true);
}

/* The tangent of rec along dx, by hand: d(value) for the struct fields. */
static double rec_t(double a, double da, double b, double db, double c,
                    double dc, const double *x, const double *dx, int m,
                    bool flip, double *dv) {
  if (m == 0) {
    *dv = da * b + a * db + dc;
    return a * b + c;
  }
  double a2 = a * x[m - 1] + (flip ? 1.0 : 0.5);
  double da2 = da * x[m - 1] + a * dx[m - 1];
  double c2 = c + sin(a2), dc2 = dc + cos(a2) * da2;
  double dr;
  double r = rec_t(a2, da2, b, db, c2, dc2, x, dx, m - 1, !flip, &dr);
  *dv = dr * 0.9 + da2;
  return r * 0.9 + a2;
}

static double f3(const double *x) { return f(x, 3); }

int main(void) {
  double x[3] = {0.5, 0.7, 0.9}, dx[3] = {0};
  char name[32];
  __ad_autodiff((void *)f, ad_dup, x, dx, ad_const, 3);
  for (int i = 0; i < 3; i++) {
    double t[3] = {0}, want;
    t[i] = 1;
    rec_t(x[0], t[0], x[1], t[1], 0.3, 0, x, t, 3, true, &want);
    snprintf(name, sizeof name, "reverse dx[%d]", i);
    ad_check(name, dx[i], want, ad_fdn(f3, x, 3, i));
    snprintf(name, sizeof name, "forward e%d", i);
    ad_check(name, __ad_fwddiff((void *)f, ad_dup, x, t, ad_const, 3), want,
             ad_fdn(f3, x, 3, i));
  }
  return ad_check_report();
}
