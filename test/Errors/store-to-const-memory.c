// An active value stored into ad_const memory (no shadow) and read back: its
// derivative would be lost, so this is refused at the store.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double x, double *buf, int i, int j) {
  // CHECK: store-to-const-memory.c:[[@LINE+1]]:10: error: ADPass: in 'f': an active value is stored to memory that has no shadow (constant pointer) and read back; pass that pointer as ad_dup
  buf[i] = x * x;
  return buf[j] * 3.0;
}

double g(double x, double *buf, int i, int j) {
  return __ad_autodiff((void *)f, x, ad_const, buf, i, j);
}
