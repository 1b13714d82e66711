// At -O1 and above the gradient is inlined where it was asked for (ADPass
// runs after the pipeline's inliner), and an active scalar's adjoint that
// every path reaches is returned as it is: bigconst's gradient is the load
// of c[0], as written by hand.
// RUN: %clang -O2 -S -emit-llvm %s -o - | %FileCheck %s
#include <ad.h>

static double scale(const double *c, double p) { return c[0] * p; }

double grad_scale(const double *c, double p) {
  return __ad_autodiff((void *)scale, ad_const, c, ad_out, p);
}

// CHECK-LABEL: define dso_local double @grad_scale(
// CHECK-NEXT: [[C:%.*]] = load double, ptr %0
// CHECK-NEXT: ret double [[C]]

static double maybe(double x, int k) { return k > 0 ? x * x : 1.0; }

double grad_maybe(double x, int k) {
  return __ad_autodiff((void *)maybe, ad_out, x, ad_const, k);
}

// CHECK-LABEL: define dso_local double @grad_maybe(
// CHECK-NOT: call {{.*}}@__ad_grad
// CHECK: ret double
