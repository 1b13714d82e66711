// `ad_seed` belongs to __ad_autodiff of a function returning a struct or
// vector: given for a scalar result, it is refused rather than ignored.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double sq(double x) { return x * x; }

double g(double x) {
  double s = 2.0;
  // CHECK: seed-marker-misuse.c:[[@LINE+1]]:10: error: ADPass: __ad_autodiff: marker 'ad_seed' gives the seed of a struct or vector result in __ad_autodiff; 'sq' returns double
  return __ad_autodiff((void *)sq, x, ad_seed, &s);
}
