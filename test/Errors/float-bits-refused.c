// A double written and read back as two floats through a union has no
// derivative: refused where the floats are read (at -O0, where the union
// stays in memory). Sign-bit masks are differentiated
// (test/Integration/float_sign_bits.c).
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

#ifndef BITS
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
#endif

// Float bits changed as an integer and read back: the exponent moved (x 2),
// a mask known only at run time. Refused where the float is read back, at
// every level (the bits are a bitcast once optimized, memory at -O0).
// RUN: %not %clang -O0 -g -c -DBITS %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BITS --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O2 -g -c -DBITS %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=BITS --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#ifdef BITS
#include <emmintrin.h>
#include <stdint.h>
#include <string.h>
static double twice_by_exponent(double x) {
  uint64_t u;
  memcpy(&u, &x, 8);
  u += 1ULL << 52;
  double y;
  // BITS-DAG: float-bits-refused.c:[[@LINE+1]]:3: error: ADPass: in 'twice_by_exponent': the bits of an active floating-point value are changed as an integer and read back as a float (bitcast), which has no derivative; write the operation in floating point (ldexp, copysign, fabs, a select)
  memcpy(&y, &u, 8);
  return y * x;
}
double g4(double x) { return __ad_autodiff((void *)twice_by_exponent, x); }

static double masked(const double *x, long long m) {
  // BITS-DAG: float-bits-refused.c:[[@LINE+1]]:15: error: ADPass: in 'masked': the bits of an active floating-point value are changed as an integer and read back as a float (bitcast)
  __m128d v = _mm_and_pd(_mm_loadu_pd(x), _mm_castsi128_pd(_mm_set1_epi64x(m)));
  double o[2];
  _mm_storeu_pd(o, v);
  return o[0] * o[1];
}
void g5(const double *x, double *dx, long long m) {
  __ad_autodiff((void *)masked, ad_dup, x, dx, ad_const, m);
}
#endif
