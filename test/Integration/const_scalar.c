// ad_const on floating-point scalars: no derivative for them, and none at
// all (the result is 0) when every argument is constant.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double quad(double a, double x, double b) { return a * x * x + b * x; }
double fquad(float a, float x) { return (double)(a * x * x); }

static double quad_a(const double *v) { return quad(v[0], v[1], v[2]); }
static float fquad_a(const float *v) { return (float)fquad(v[0], v[1]); }

int main(void) {
  double a = 1.5, x = -0.8, b = 0.25;
  double v[3] = {1.5, -0.8, 0.25};
  float fa = 2.0f, fx = 0.6f;
  float fv[2] = {2.0f, 0.6f};

  ad_check("a, b const",
           __ad_autodiff((void *)quad, ad_const, a, x, ad_const, b),
           2 * a * x + b, ad_fdn(quad_a, v, 3, 1));
  ad_check("x, b const",
           __ad_autodiff((void *)quad, a, ad_const, x, ad_const, b), x * x,
           ad_fdn(quad_a, v, 3, 0));
  ad_check("a, x const",
           __ad_autodiff((void *)quad, ad_const, a, ad_const, x, b), x,
           ad_fdn(quad_a, v, 3, 2));
  ad_check_eq("all const",
              __ad_autodiff((void *)quad, ad_const, ad_opaque(a), ad_const, x,
                            ad_const, b),
              0.0);
  ad_check_f("float const",
             __ad_autodiff((void *)fquad, ad_const, fa, ad_opaquef(fx)),
             2 * 2.0 * 0.6, ad_fdnf(fquad_a, fv, 2, 1));
  return ad_check_report();
}
