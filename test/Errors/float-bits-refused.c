// A double written and read back as two floats through a union has no
// derivative: refused where the floats are read (at -O0, where the union
// stays in memory). Sign-bit masks are differentiated
// (test/Integration/float_sign_bits.c).
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

static double two_floats(double x) {
  union {
    double d;
    float f[2];
  } a = {x};
  // CHECK: float-bits-refused.c:[[@LINE+2]]:10: error: ADPass: in 'two_floats': the bits of an active floating-point value are reinterpreted as another type (bitcast), which has no derivative
  // CHECK: float-bits-refused.c:[[@LINE+1]]:19: error: ADPass: in 'two_floats': the bits of an active floating-point value are reinterpreted as another type (bitcast), which has no derivative
  return a.f[0] + a.f[1];
}

double g3(double x) { return __ad_autodiff((void *)two_floats, x); }
