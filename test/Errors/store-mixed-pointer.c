// A store through a pointer that is either differentiated memory (an ad_dup
// argument) or memory of unknown provenance: when it hits x, the reverse
// sweep must reset the shadow it overwrites, so it cannot be skipped; it is
// refused, even though nothing in the function reads the value back (the
// caller may, through x).
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double *lookup(int k);

double f(double *x, int k) {
  double *p = k > 2 ? x : lookup(k);
  double r = x[0] * x[1];
  // CHECK: store-mixed-pointer.c:[[@LINE+1]]:8: error: ADPass: in 'f': cannot tell whether this store writes differentiated memory (it writes through a pointer that mixes differentiated and other memory); write through the ad_dup argument directly
  p[0] = 2.0;
  return r;
}

void g(double *x, double *dx, int k) {
  __ad_autodiff((void *)f, ad_dup, x, dx, ad_const, k);
}
