// A 3-deep nest with constant trip counts accumulating into a local array,
// then a loop reading that array after it was last written (the shape of a
// dense layer, mlp's first one). Nothing of the nest is taped: the inner
// loops' start indices are recomputed (the parent's index times the trip
// count), and the reads of h in the last loop are re-read from h in the
// reverse sweep, since nothing writes h after them. The one tape left holds
// tanh's results (16 * 8 doubles: 1024 bytes). (The gradient is inlined
// into grad.)
// RUN: %clang -O2 -S -emit-llvm %s -o - | %FileCheck %s
#include <ad.h>
#include <math.h>

static double layer(const double *w, const double *x) {
  double h[16 * 8];
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j)
      h[i * 8 + j] = 0;
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 32; ++k)
      for (int j = 0; j < 8; ++j)
        h[i * 8 + j] += w[i * 32 + k] * x[k * 8 + j];
  for (int t = 0; t < 16 * 8; ++t)
    h[t] = tanh(h[t]);
  double s = 0;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j)
      s += h[i * 8 + j] * h[i * 8 + j] * (j + 1);
  return s;
}

void grad(const double *w, double *dw, const double *x) {
  __ad_autodiff((void *)layer, ad_dup, w, dw, ad_const, x);
}

// CHECK-LABEL: define dso_local void @grad(
// CHECK-NOT: store i64
// CHECK: call ptr @__ad_tape_realloc(ptr null, ptr null, i64 0, i64 1024)
// CHECK-NOT: @__ad_tape_realloc(
// CHECK-NOT: store i64
// CHECK: ret void
