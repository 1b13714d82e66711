// An augmented pair registered with AD_REGISTER_AUGMENTED whose types do not
// match the function: the augmented forward lacks the result pointer and the
// reverse lacks the tape. Both are refused, naming the types; the
// registration is then ignored and the call has no derivative.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double update(double *x, int n);

// CHECK: custom-augmented-signature.c:[[@LINE+1]]:14: error: ADPass: the augmented forward 'update_aug' registered for 'update' has type ptr (ptr, i32, ptr); expected ptr (ptr, i32, ptr, ptr) (see AD_REGISTER_AUGMENTED in ad.h)
static void *update_aug(double *x, int n, double *dx) { return 0; }
// CHECK: custom-augmented-signature.c:[[@LINE+1]]:13: error: ADPass: the reverse 'update_rev' registered for 'update' has type void (ptr, i32, double, ptr); expected void (ptr, i32, double, ptr, ptr) (see AD_REGISTER_AUGMENTED in ad.h)
static void update_rev(double *x, int n, double seed, double *dx) {}
AD_REGISTER_AUGMENTED(update, update_aug, update_rev);

double f(double *x) {
  // CHECK: custom-augmented-signature.c:[[@LINE+1]]:10: error: ADPass: in 'f': call to 'update' on an active path has no derivative
  return update(x, 3) * x[0];
}

double g(double *x, double *dx) {
  return __ad_autodiff((void *)f, ad_dup, x, dx);
}
