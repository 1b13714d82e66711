// Inactive globals that cannot be honored are located errors: an active
// value accumulated in one and read back (its derivative would be lost),
// and a registration listing something else than a global variable. (At
// -O2 the loop keeps the sum in a register and stores it once: nothing is
// read back, and the gradient is right.)
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefixes=CHECK,O0 --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

AD_INACTIVE_GLOBAL double total;

// CHECK: inactive-global.c:[[@LINE+1]]:8: error: ADPass: '__enzyme_inactive_global_fn' must list global variables
double h(double x) { return x; }
void *__enzyme_inactive_global_fn = (void *)h;

double sum(const double *x, int n) {
  total = 0;
  for (int i = 0; i < n; i++)
    // O0: inactive-global.c:[[@LINE+1]]:11: error: ADPass: in 'sum': an active value is stored into 'total', a global marked inactive, and read back: its derivative would be lost; do not mark it inactive
    total += x[i] * x[i];
  return total;
}
double g(double *x, double *dx) { return __ad_autodiff((void *)sum, x, dx, 4); }

