// A pointer without shadow (from an ad_const argument) stored into
// differentiated memory (an ad_dup array of row pointers): the shadow array
// would need the shadow of that pointer, and there is none. Refused at the
// store.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double **rows, double *tmp, double x) {
  tmp[0] = 2.0;
  // CHECK: store-pointer-without-shadow.c:[[@LINE+1]]:11: error: ADPass: in 'f': a pointer without shadow (constant) is stored into differentiated memory; pass what it points to as ad_dup
  rows[0] = tmp;
  return rows[1][0] * x;
}

double g(double **r, double **dr, double *t, double x) {
  return __ad_autodiff((void *)f, ad_dup, r, dr, ad_const, t, x);
}
