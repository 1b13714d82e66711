// A function returning a struct through memory (sret: more than two
// registers' worth) is differentiated in forward mode (the call returns its
// tangent) and reverse mode (with ad_seed); what stays refused says so: a
// struct holding integers, split mode, vector mode, and a reverse call
// without the seed.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

typedef struct {
  double a, b, c;
} T3;
typedef struct {
  double a, b;
  long n;
} Mixed;

T3 three(const double *x) {
  T3 t = {x[0] * x[1], x[1], x[0] * x[0]};
  return t;
}
Mixed mixed(const double *x) {
  Mixed m = {x[0], x[1], 3};
  return m;
}
T3 __ad_fwddiff_T3(void *, ...);
Mixed __ad_fwddiff_M(void *, ...);
typedef struct {
  T3 lane[2];
} T3x2;
T3x2 __ad_fwddiff_T3x2(void *, ...);

void use(double *x, double *t, double *t2, T3 *out, Mixed *m, T3x2 *w) {
  // CHECK-DAG: struct-return-sret.c:[[@LINE+1]]:8: error: ADPass: __ad_fwddiff_M: 'mixed' returns %struct.Mixed through memory (sret), which holds values that are not floating point; return it through an ad_dup pointer instead
  *m = __ad_fwddiff_M((void *)mixed, ad_dup, x, t);
  // CHECK-DAG: struct-return-sret.c:[[@LINE+1]]:16: error: ADPass: __ad_augmentfwd: 'three' returns %struct.T3 through memory (sret), which split mode does not support; return it through an ad_dup pointer instead
  void *tape = __ad_augmentfwd((void *)three, ad_dup, x, t);
  // CHECK-DAG: struct-return-sret.c:[[@LINE+1]]:8: error: ADPass: __ad_fwddiff_T3x2: 'three' returns %struct.T3 through memory (sret), which vector mode does not support yet; make one call per direction
  *w = __ad_fwddiff_T3x2((void *)three, ad_width, 2, ad_dup, x, t, t2);
  // CHECK-DAG: struct-return-sret.c:[[@LINE+1]]:3: error: ADPass: __ad_autodiff: 'three' returns %struct.T3; in reverse mode pass the seed of each of its values with 'ad_seed, &seed' (a variable of the result's type), or return a scalar (forward mode returns the tangent of such a result)
  __ad_autodiff((void *)three, ad_dup, x, t);
  *out = __ad_fwddiff_T3((void *)three, ad_dup, x, t);
  (void)tape;
}
