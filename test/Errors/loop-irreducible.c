// Loops are differentiated, but a cycle entered in two places (a goto into
// the loop body) has no single header to reverse: refused, located in the
// differentiated function.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x, int n) {
  double s = x;
  int i = 0;
  // The location is the first instruction of the function (the condition).
  // CHECK: loop-irreducible.c:[[@LINE+1]]:9: error: ADPass: in 'f': irreducible control flow (a cycle with several entries, e.g. from goto) cannot be reversed
  if (n > 3)
    goto inside;
  for (; i < n; i++) {
    s = s * x;
  inside:
    s = s + x;
  }
  return s;
}

double g(double x, int n) { return __ad_autodiff((void *)f, x, n); }
