// Found by adfuzz (seed 9629, -O3 forward): after full unrolling, one block
// holds 30 erf calls, their derivatives' exp, and loads and stores through a
// pointer that may be either array. Code generation lowers llvm.exp to a
// libcall outside the chain of calls and memory operations, and the
// SelectionDAG scheduler then checks it against that chain by a walk that is
// exponential here: clang never finished. The derivative's math intrinsics
// are now plain libm calls by the time code is generated.
// Checked: forward against reverse and central finite differences.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: timeout 120 %clang -O3 %s -o %t3 -lm && %t3
// RUN: %clang -O3 -S -emit-llvm %s -o - | %FileCheck %s
// CHECK-LABEL: define {{.*}}@main(
// CHECK-NOT: call double @llvm.exp.f64(
// CHECK: call double @exp(double {{.*}}) #[[LIBM:[0-9]+]]
// CHECK-NOT: call double @llvm.exp.f64(
// CHECK: attributes #[[LIBM]] = { nobuiltin nounwind willreturn memory(none) }
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdio.h>

#define N 4

static double f(const double *x, int n) {
  double acc = sqrt(1.0 + expm1(sin(x[0])) * expm1(sin(x[0])));
  double s = 0.3 + 0.2 * tanh(x[1]);
  int k = 0;
  do {
    int i = k;
    k++;
    for (int j = 0; j < 5; j++) {
      double v[n];
      for (int m = 0; m < n; m++)
        v[m] = 0.5 * x[n - 1 - i];
      for (int l = 0; l < 3; l++) {
        v[1 % n] = erf(v[1 % n] * -0.13 + v[(j + 2) % n] * x[n - 1 - i]);
        if (s * s >= s)
          break;
        const double *q = s / (1.0 + fabs(s)) < 0.259 ? v : x;
        acc = erf(acc + q[i]);
      }
    }
  } while (k < n && tanh(s) >= -0.149);
  return acc;
}

static double fx(const double *x) { return f(x, N); }

int main(void) {
  double x[N] = {0.3, -0.4, 0.8, 0.5}, dx[N] = {0};
  __ad_autodiff((void *)f, ad_dup, x, dx, ad_const, N);
  char name[32];
  for (int i = 0; i < N; i++) {
    double t[N] = {0};
    t[i] = 1.0;
    double fwd = __ad_fwddiff((void *)f, ad_dup, x, t, ad_const, N);
    snprintf(name, sizeof name, "dx[%d]", i);
    ad_check(name, fwd, dx[i], ad_fdn(fx, x, N, i));
  }
  return ad_check_report();
}
