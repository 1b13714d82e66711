// A copy whose source is either differentiated memory (an ad_dup argument)
// or memory of unknown provenance (a pointer returned by a function ADPass
// cannot see) may move derivatives or not: it is refused, at every level,
// rather than copied without its derivative.
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <string.h>

double *lookup(int k);

double pick(const double *x, int k, int n) {
  double buf[4];
  const double *src = k > 2 ? x : lookup(k);
  // CHECK: memcpy-mixed-pointer.c:[[@LINE+1]]:3: error: ADPass: in 'pick': cannot tell whether this copy moves differentiated memory (it copies through a pointer that mixes differentiated and other memory); copy from the ad_dup argument directly
  memcpy(buf, src, n * sizeof(double));
  return buf[0] * buf[3];
}

void g(const double *x, double *dx, int k, int n) {
  __ad_autodiff((void *)pick, ad_dup, x, dx, ad_const, k, ad_const, n);
}
