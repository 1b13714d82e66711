// A recursive function that writes memory is differentiated in split mode:
// its augmented forward returns before its reverse runs. A variable-length
// array that the reverse sweep still reads cannot live on that frame (fixed
// size arrays move to the heap); the error names it.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

void down(double *x, const double *prev, int n) {
  if (n == 0)
    return;
  // CHECK: split-vla.c:[[@LINE+1]]:3: error: ADPass: in 'down': a variable-length array is still needed by the reverse sweep after the augmented forward returns (split mode, used for callees that write memory); allocate it with malloc instead
  double loc[n];
  for (int i = 0; i < n; i++)
    loc[i] = x[i] * prev[0];
  down(x + 1, loc, n - 1);
  x[0] = loc[0] * loc[n - 1];
}

double top(double *x, int n) {
  double p = 1.5;
  down(x, &p, n);
  return x[0];
}

void use(double *x, double *dx, int n) {
  __ad_autodiff((void *)top, ad_dup, x, dx, ad_const, n);
}
