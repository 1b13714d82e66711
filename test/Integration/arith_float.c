// Single-precision arithmetic: a float function, float derivatives.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>

float fpoly(float x, float y) { return x * x * y - x / y + 3.0f * y - x; }
float fneg(float x) { return -(x * x) / 2.0f; }
float frecip(float x) { return 1.0f / (x + 2.0f); }

static float fpoly_a(const float *a) { return fpoly(a[0], a[1]); }

static void check_at(float x, float y) {
  float a[2];
  double xd = x, yd = y;
  a[0] = x;
  a[1] = y;
  ad_check_f("fpoly dx", __ad_autodiff_f((void *)fpoly, x, ad_const, y),
             2 * xd * yd - 1 / yd - 1, ad_fdnf(fpoly_a, a, 2, 0));
  ad_check_f("fpoly dy", __ad_autodiff_f((void *)fpoly, ad_const, x, y),
             xd * xd + xd / (yd * yd) + 3, ad_fdnf(fpoly_a, a, 2, 1));
  ad_check_f("fneg", __ad_autodiff_f((void *)fneg, x), -xd, ad_fdf(fneg, x));
  ad_check_f("frecip", __ad_autodiff_f((void *)frecip, x),
             -1 / ((xd + 2) * (xd + 2)), ad_fdf(frecip, x));
}

int main(void) {
  check_at(1.5f, 0.5f);
  check_at(ad_opaquef(-0.75f), ad_opaquef(-2.5f));
  return ad_check_report();
}
