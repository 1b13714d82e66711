// Negation and absolute value through the sign bit as an integer: SSE's
// _mm_xor_pd / _mm_and_pd with sign masks (what Eigen's vectorized negate,
// abs and quaternion product do), a union or a memcpy to uint64_t. They
// were differentiated as constants (zero derivatives, silently); the
// normalization now reads them as fneg / fabs / -fabs, lane by lane, and
// the two masks that splice a sign onto a magnitude as copysign; a lane
// moved out of a vector's bits as an integer is that lane.
// Reverse and forward mode against analytic values and finite differences.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <emmintrin.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

// Lane 0 negated, lane 1 kept (Eigen's paddsub mask).
static double sse_addsub(const double *a) {
  __m128d v = _mm_loadu_pd(a);
  const __m128d m =
      _mm_castsi128_pd(_mm_set_epi64x(0, (long long)(1ULL << 63)));
  double out[2];
  _mm_storeu_pd(out, _mm_xor_pd(m, v));
  return 3 * out[0] * a[1] + 5 * out[1];
}
// Both lanes: negate, then absolute value.
static double sse_negabs(const double *a) {
  __m128d v = _mm_loadu_pd(a);
  __m128d n = _mm_xor_pd(v, _mm_set1_pd(-0.0));
  __m128d b = _mm_andnot_pd(_mm_set1_pd(-0.0), n); // |n|
  double out[2], neg[2];
  _mm_storeu_pd(out, b);
  _mm_storeu_pd(neg, n);
  return out[0] * out[1] + 2 * neg[0] + neg[1] * neg[1] * neg[1];
}
static double union_neg(const double *x) {
  union {
    double d;
    uint64_t u;
  } a = {x[0]};
  a.u ^= 1ULL << 63;
  return 3 * a.d * x[1];
}
static double memcpy_abs(const double *x) {
  uint64_t u;
  memcpy(&u, x, 8);
  u &= ~(1ULL << 63);
  double y;
  memcpy(&y, &u, 8);
  return y * y * y;
}
// copysign as libm writes it: the magnitude's bits with the sign's.
static double bits_copysign(const double *x) {
  uint64_t m, g;
  memcpy(&m, &x[0], 8);
  memcpy(&g, &x[1], 8);
  uint64_t r = (m & ~(1ULL << 63)) | (g & (1ULL << 63));
  double y;
  memcpy(&y, &r, 8);
  return y * x[0] + x[1];
}
// The high lane of a vector's bits, moved as an integer.
static double high_lane(const double *x) {
  __m128d v = _mm_mul_pd(_mm_loadu_pd(x), _mm_loadu_pd(x));
  __uint128_t b;
  memcpy(&b, &v, 16);
  uint64_t h = (uint64_t)(b >> 64);
  double y;
  memcpy(&y, &h, 8);
  return y * x[0];
}
// SSE moves of doubles as integer lanes (found by a probe, all levels):
// the high lane negated (InstCombine leaves a poison lane in the mask), the
// halves swapped as four i32 (pshufd), a splat masked lane by lane.
static double sse_sum3(__m128d w) {
  double o[2];
  _mm_storeu_pd(o, w);
  return 3 * o[0] + o[1];
}
static double neg_hi(const double *x) {
  __m128d a = _mm_loadu_pd(x);
  return sse_sum3(_mm_xor_pd(_mm_unpackhi_pd(a, a), _mm_set1_pd(-0.0)));
}
static double swap_i32(const double *x) {
  __m128i i = _mm_shuffle_epi32(_mm_castpd_si128(_mm_loadu_pd(x)), 0x4E);
  return sse_sum3(_mm_castsi128_pd(i)) * x[0];
}
static double keep_hi(const double *x) {
  __m128d m = _mm_castsi128_pd(_mm_set_epi64x(-1, 0));
  return sse_sum3(_mm_and_pd(_mm_set1_pd(x[0] * x[1]), m));
}
static float float_neg(const float *x) {
  union {
    float f;
    uint32_t u;
  } a = {x[0]};
  a.u ^= 1U << 31;
  return a.f * x[1];
}

// A macro: the function must be named at each entry point (-O0).
#define CHECK2(name, f, x, want)                                               \
  do {                                                                         \
    double d[2] = {0, 0};                                                      \
    __ad_autodiff((void *)f, ad_dup, x, d);                                    \
    for (int i = 0; i < 2; i++) {                                              \
      double t[2] = {0, 0};                                                    \
      t[i] = 1;                                                                \
      ad_check(name, d[i], want[i], ad_fdn(f, x, 2, i));                       \
      ad_check(name, __ad_fwddiff((void *)f, ad_dup, x, t), want[i],           \
               ad_fdn(f, x, 2, i));                                            \
    }                                                                          \
  } while (0)

int main(void) {
  double x[2] = {1.5, -0.75};
  {
    double w[2] = {-3 * x[1], -3 * x[0] + 5};
    CHECK2("sse addsub", sse_addsub, x, w);
  }
  {
    // |a0 a1| - 2 a0 - a1^3 at a0 > 0 > a1: -a0 a1 - 2 a0 - a1^3.
    double w[2] = {-x[1] - 2, -x[0] - 3 * x[1] * x[1]};
    CHECK2("sse neg, abs", sse_negabs, x, w);
  }
  {
    double w[2] = {-3 * x[1], -3 * x[0]};
    CHECK2("union neg", union_neg, x, w);
  }
  {
    double y[2] = {-1.5, 0.0}, w[2] = {-3 * 1.5 * 1.5, 0};
    CHECK2("memcpy abs", memcpy_abs, y, w);
  }
  {
    // -|x0| x0 + x1 at x1 < 0.
    double w[2] = {-2 * fabs(x[0]), 1};
    CHECK2("bits copysign", bits_copysign, x, w);
  }
  {
    // x1^2 x0.
    double w[2] = {x[1] * x[1], 2 * x[1] * x[0]};
    CHECK2("high lane of bits", high_lane, x, w);
  }
  {
    double w[2] = {0, -4};
    CHECK2("sse negated high lane", neg_hi, x, w);
  }
  {
    // (3 x1 + x0) x0
    double w[2] = {3 * x[1] + 2 * x[0], 3 * x[0]};
    CHECK2("sse pshufd swap", swap_i32, x, w);
  }
  {
    double w[2] = {x[1], x[0]};
    CHECK2("sse lane mask of a splat", keep_hi, x, w);
  }
  float xf[2] = {1.5f, 2.0f}, df[2] = {0, 0};
  __ad_autodiff_f((void *)float_neg, ad_dup, xf, df);
  ad_check_f("float union neg d/dx0", df[0], -2.0f, -2.0f);
  ad_check_f("float union neg d/dx1", df[1], -1.5f, -1.5f);
  return ad_check_report();
}
