// An indirect call on the active path whose possible targets include a
// function only declared here (defined in another translation unit): no
// dispatch can cover it, so the call is refused where it is, not guessed.
// (Targets all defined here: Integration/calls/callbacks.c.)
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

typedef double (*rhs_t)(double);
double elsewhere(double y); /* defined in another file */
static double here(double y) { return y * y; }

__attribute__((noinline)) double apply(rhs_t f, double y) {
  // CHECK: indirect-call-external-target.c:[[@LINE+1]]:10: error: ADPass: in '{{apply|run}}': indirect call (a possible target, 'elsewhere', is defined in another translation unit) on an active path has no derivative
  return f(y) * 2.0;
}

double run(double y, int which) { return apply(which ? elsewhere : here, y); }

double grad(double y, int which) {
  return __ad_autodiff((void *)run, y, ad_const, which);
}
