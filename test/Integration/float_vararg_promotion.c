// Float arguments of the differentiated function are passed through the
// variadic __ad_autodiff, so C promotes them to double at the call site.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

float sq(float x) { return x * x * 0.5f + sinf(x); }
double mixed(float a, double b) { return (double)a * b * b + (double)(a * a); }

static double mixed_a(const double *v) { return mixed((float)v[0], v[1]); }
static float mixed_f(const float *v) { return (float)mixed(v[0], v[1]); }

int main(void) {
  float x = 1.25f;
  float a = -0.75f;
  double b = 1.5;
  double va[2] = {-0.75, 1.5};
  float vf[2] = {-0.75f, 1.5f};
  double xd = x;

  /* float variable, float result. */
  ad_check_f("float arg, float result", __ad_autodiff_f((void *)sq, x),
             xd + cos(xd), ad_fdf(sq, x));
  /* float variable, double-returning __ad_autodiff. */
  ad_check_f("float arg, double result",
             __ad_autodiff((void *)sq, ad_opaquef(x)), xd + cos(xd),
             ad_fdf(sq, x));
  /* float and double arguments together. */
  ad_check_f("mixed da", __ad_autodiff((void *)mixed, a, ad_const, b),
             b * b + 2 * -0.75, ad_fdnf(mixed_f, vf, 2, 0));
  ad_check("mixed db", __ad_autodiff((void *)mixed, ad_const, a, b),
           2 * -0.75 * b, ad_fdn(mixed_a, va, 2, 1));
  return ad_check_report();
}
