// A function returning a struct through memory (sret: more than two
// registers' worth) cannot be differentiated in forward mode either: its
// result is not a value of the call. Refused with a message that says so
// (it used to report a wrong argument count).
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

typedef struct {
  double a, b, c;
} T3;

T3 three(const double *x) {
  T3 t = {x[0] * x[1], x[1], x[0] * x[0]};
  return t;
}
T3 __ad_fwddiff_T3(void *, ...);

T3 tangent(double *x, double *t) {
  // CHECK: struct-return-sret.c:[[@LINE+1]]:10: error: ADPass: __ad_fwddiff_T3: 'three' returns a struct through memory (sret, larger than two registers); return it through an ad_dup pointer instead
  return __ad_fwddiff_T3((void *)three, ad_dup, x, t);
}
