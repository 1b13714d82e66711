// Float variants of the binary and piecewise libm functions (powf, atan2f,
// hypotf, fmaf, fabsf, fminf, fmaxf, copysignf, floorf, ...).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

float g_powf(float x, float y) { return powf(x, y); }
float g_atan2f(float x, float y) { return atan2f(x, y); }
float g_hypotf(float x, float y) { return hypotf(x, y); }
float g_fmaf(float x, float y) { return fmaf(x, y, x); }
float g_fminf(float x, float y) { return fminf(x, y); }
float g_fmaxf(float x, float y) { return fmaxf(x, y); }
float g_copysignf(float x, float y) { return copysignf(x, y); }
float g_fabsf(float x) { return fabsf(x) * 3.0f; }
float g_floorf(float x) { return x * floorf(x); }
float g_ceilf(float x) { return x * ceilf(x); }
float g_truncf(float x) { return x * truncf(x); }
float g_roundf(float x) { return x * roundf(x); }
float g_rintf(float x) { return x * rintf(x); }
float g_nearbyintf(float x) { return x * nearbyintf(x); }

static float g_powf_a(const float *a) { return g_powf(a[0], a[1]); }
static float g_atan2f_a(const float *a) { return g_atan2f(a[0], a[1]); }
static float g_hypotf_a(const float *a) { return g_hypotf(a[0], a[1]); }
static float g_fmaf_a(const float *a) { return g_fmaf(a[0], a[1]); }
static float g_fminf_a(const float *a) { return g_fminf(a[0], a[1]); }
static float g_fmaxf_a(const float *a) { return g_fmaxf(a[0], a[1]); }
static float g_copysignf_a(const float *a) { return g_copysignf(a[0], a[1]); }

#define CHECK2(fn, expected_x, expected_y)                                     \
  do {                                                                         \
    ad_check_f(#fn " dx", __ad_autodiff_f((void *)fn, x, ad_const, y),         \
               (expected_x), ad_fdnf(fn##_a, a, 2, 0));                        \
    ad_check_f(#fn " dy", __ad_autodiff_f((void *)fn, ad_const, x, y),         \
               (expected_y), ad_fdnf(fn##_a, a, 2, 1));                        \
  } while (0)

#define CHECK1(fn, expected)                                                   \
  ad_check_f(#fn, __ad_autodiff_f((void *)fn, x), (expected), ad_fdf(fn, x))

static void check_binary(float x, float y) {
  float a[2];
  double xd = x, yd = y, r = sqrt(xd * xd + yd * yd);
  a[0] = x;
  a[1] = y;
  CHECK2(g_powf, yd * pow(xd, yd - 1), pow(xd, yd) * log(xd));
  CHECK2(g_atan2f, yd / (r * r), -xd / (r * r));
  CHECK2(g_hypotf, xd / r, yd / r);
  CHECK2(g_fmaf, yd + 1, xd);
  CHECK2(g_fminf, xd < yd ? 1.0 : 0.0, xd < yd ? 0.0 : 1.0);
  CHECK2(g_fmaxf, xd > yd ? 1.0 : 0.0, xd > yd ? 0.0 : 1.0);
  CHECK2(g_copysignf, (xd > 0) == (yd > 0) ? 1.0 : -1.0, 0.0);
}

static void check_unary(float x) {
  double d = x;
  CHECK1(g_fabsf, d > 0 ? 3.0 : -3.0);
  CHECK1(g_floorf, floor(d));
  CHECK1(g_ceilf, ceil(d));
  CHECK1(g_truncf, trunc(d));
  CHECK1(g_roundf, round(d));
  CHECK1(g_rintf, rint(d));
  CHECK1(g_nearbyintf, nearbyint(d));
}

int main(void) {
  check_binary(1.7f, 0.8f);
  check_binary(ad_opaquef(0.6f), ad_opaquef(2.5f));
  check_unary(2.3f);
  check_unary(ad_opaquef(-1.7f));
  return ad_check_report();
}
