// memcpy of differentiated data (from an ad_dup buffer) into memory without a
// shadow (an ad_const buffer) would lose the derivatives that flow through
// the copy: refused at the memcpy.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <string.h>

double f(double *src, double *tmp, int n) {
  // CHECK: memcpy-differentiated.c:[[@LINE+1]]:3: error: ADPass: in 'f': differentiated data is copied into memory without shadow; pass the destination as ad_dup
  memcpy(tmp, src, n * sizeof(double));
  return tmp[0] * src[1];
}

double g(double *s, double *ds, double *t, int n) {
  return __ad_autodiff((void *)f, s, ds, ad_const, t, n);
}
