// A pointer read from a mutable global (a configuration struct set up in
// main) may point into anything: refused, naming the global and how to say
// that it points to constants. (Marked, it works:
// Integration/calls/global_pointer_tables.c.)
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

static struct { const double *coef; } model;

double f(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    // CHECK: global-pointer-unmarked.c:[[@LINE+1]]:10: error: ADPass: in 'f': cannot tell whether this unknown pointer points into differentiated memory (it is read from the global 'model'); if what the global points to is not differentiated, mark the global AD_INACTIVE_GLOBAL (ad.h), else pass the pointer as an argument
    s += model.coef[i] * x[i] * x[i];
  return s;
}

void set(const double *c) { model.coef = c; }
double g(const double *x, double *dx, int n) {
  return __ad_autodiff((void *)f, x, dx, n);
}
