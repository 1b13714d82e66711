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

// A large derivative stays a function of its own: inlined, it would only make
// the caller one huge function for the backend (1024 terms, several thousand
// instructions in the gradient).
#define T1(k) s += sin(x[(k) % 64] * (1.0 + (k)));
#define T4(k) T1(k) T1(k + 1) T1(k + 2) T1(k + 3)
#define T16(k) T4(k) T4(k + 4) T4(k + 8) T4(k + 12)
#define T64(k) T16(k) T16(k + 16) T16(k + 32) T16(k + 48)
#define T256(k) T64(k) T64(k + 64) T64(k + 128) T64(k + 192)
double sin(double);
static double big(const double *x) {
  double s = 0;
  T256(0) T256(256) T256(512) T256(768);
  return s;
}

void __ad_autodiff_void(void *, ...);
void grad_big(const double *x, double *dx) {
  __ad_autodiff_void((void *)big, ad_dup, x, dx);
}

// CHECK-LABEL: define dso_local void @grad_big(
// CHECK: call {{.*}}@__ad_grad.big(
// CHECK: define internal void @__ad_grad.big(
