// Misuses of split mode (__ad_augmentfwd / __ad_reverse) are located errors
// (augmented forwards are lowered first, hence CHECK-DAG).
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double f(double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * x[i];
  return s;
}

void g(double *x) { x[0] *= 2; }

void use(double *x, double *dx, int n, ad_workspace_t *ws) {
  void *t = __ad_augmentfwd((void *)f, ad_dup, x, dx, ad_const, n);
  // The markers differ from the augmented forward's: another tape layout.
  // CHECK-DAG: split-mode-misuse.c:[[@LINE+1]]:3: error: ADPass: __ad_reverse: no __ad_augmentfwd of 'f' with the same markers in this translation unit; the tape must come from one
  __ad_reverse((void *)f, ad_dupnoneed, x, dx, ad_const, n, t);
  // CHECK-DAG: split-mode-misuse.c:[[@LINE+1]]:3: error: ADPass: __ad_reverse: the last argument must be the tape returned by __ad_augmentfwd
  __ad_reverse((void *)f, ad_dup, x, dx, ad_const, n);
  // CHECK-DAG: split-mode-misuse.c:[[@LINE+2]]:7: error: ADPass: __ad_augmentfwd: split mode does not take a workspace (its tape outlives the call)
  void *t2 =
      __ad_augmentfwd((void *)f, ad_dup, x, dx, ad_const, n, ad_workspace, ws);
  double r;
  // CHECK-DAG: split-mode-misuse.c:[[@LINE+1]]:14: error: ADPass: __ad_augmentfwd: ad_result is given but 'g' returns nothing
  void *t3 = __ad_augmentfwd((void *)g, ad_dup, x, dx, ad_result, &r);
  // CHECK-DAG: split-mode-misuse.c:[[@LINE+1]]:3: error: ADPass: __ad_reverse: marker 'ad_result' belongs to __ad_augmentfwd and __ad_fwddiff and must be followed by a pointer to the result
  __ad_reverse((void *)f, ad_dup, x, dx, ad_const, n, ad_result, &r, t);
  (void)t2;
  (void)t3;
}
