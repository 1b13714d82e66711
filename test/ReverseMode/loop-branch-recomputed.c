// A branch inside a loop whose condition can be recomputed in the reverse
// sweep (x is never written) needs no tape: the gradient of this loop makes
// no allocation, and the reverse loop recomputes the comparison. The
// gradient is inlined into the function that asked for it.
// RUN: %clang -O2 -S -emit-llvm %s -o - | %FileCheck %s
#include <ad.h>
#include <math.h>

double branchy(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    if (x[i] > 0)
      s += x[i] * x[i];
    else
      s -= sin(x[i]);
  }
  return s;
}

void grad(const double *x, double *dx, int n) {
  __ad_autodiff((void *)branchy, ad_dup, x, dx, ad_const, n);
}

// CHECK-LABEL: define dso_local void @grad(
// CHECK-NOT: __ad_tape_realloc
// CHECK-NOT: call {{.*}}@__ad_grad
// CHECK: fcmp {{.*}}ogt
// CHECK: call double @cos(
// CHECK: ret void
