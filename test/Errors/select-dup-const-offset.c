// A pointer chosen between an ad_dup and an ad_const argument and then
// indexed: the constant side has no shadow of known size to index into, so
// the read is refused. (Choosing between elements, `k > 1 ? &x[k] : &c[k]`,
// or between x and a constant global, is supported:
// Integration/fuzz-found/select_dup_const.c.)
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double pick(const double *x, const double *c, int k) {
  const double *p = k > 1 ? x : c;
  // CHECK: select-dup-const-offset.c:[[@LINE+1]]:10: error: ADPass: in 'pick': cannot tell whether this mixed pointer points into differentiated memory
  return p[k] * 2.0;
}

void g(const double *x, double *dx, const double *c, int k) {
  __ad_autodiff((void *)pick, ad_dup, x, dx, ad_const, c, ad_const, k);
}
