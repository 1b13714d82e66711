// fmod (frem): d/dx = 1, d/dy = -trunc(x / y), away from the jumps.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double md(double x, double y) { return fmod(x, y); }
double mdsq(double x) { return fmod(x * x, 2.0) + x; }
float mdf(float x, float y) { return fmodf(x, y) * 2.0f; }

static double md_a(const double *a) { return md(a[0], a[1]); }
static float mdf_a(const float *a) { return mdf(a[0], a[1]); }

static void check_at(double x, double y) {
  double a[2];
  a[0] = x;
  a[1] = y;
  ad_check("fmod dx", __ad_autodiff((void *)md, x, ad_const, y), 1.0,
           ad_fdn(md_a, a, 2, 0));
  ad_check("fmod dy", __ad_autodiff((void *)md, ad_const, x, y), -trunc(x / y),
           ad_fdn(md_a, a, 2, 1));
}

int main(void) {
  float fa[2] = {7.3f, 2.2f};
  check_at(5.3, 1.7);
  check_at(-5.3, 1.7);
  check_at(ad_opaque(4.1), ad_opaque(-1.3));
  ad_check("fmod(x*x, 2) + x below 2", __ad_autodiff((void *)mdsq, 1.3),
           2 * 1.3 + 1, ad_fd(mdsq, 1.3));
  ad_check("fmod(x*x, 2) + x above 2", __ad_autodiff((void *)mdsq, 2.1),
           2 * 2.1 + 1, ad_fd(mdsq, 2.1));
  ad_check_f("fmodf dx", __ad_autodiff_f((void *)mdf, fa[0], ad_const, fa[1]),
             2.0, ad_fdnf(mdf_a, fa, 2, 0));
  ad_check_f("fmodf dy", __ad_autodiff_f((void *)mdf, ad_const, fa[0], fa[1]),
             -2.0 * 3, ad_fdnf(mdf_a, fa, 2, 1));
  return ad_check_report();
}
