// Conversions between float and double inside the differentiated code
// (fpext / fptrunc): the adjoint is converted back to the operand's type.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

/* float argument, double arithmetic, double result. */
double up(float x) {
  double d = x;
  return d * d * 3.0;
}

/* double argument, float arithmetic, float result. */
float down(double x) {
  float f = (float)x;
  return f * f + f;
}

/* Round trip through float in the middle of double code. */
double mid(double x) {
  float f = (float)(x * 0.5);
  double g = f;
  return g * x;
}

/* float in and out, double libm call in the middle. */
float wide(float x) {
  double d = (double)x * (double)x;
  return (float)sin(d);
}

static double up_d(double x) { return up((float)x); }
static double down_d(double x) { return down(x); }
static double mid_d(double x) { return mid(x); }

int main(void) {
  float xf = 1.25f;
  double x = -0.8;
  double xfd = xf;

  ad_check_f("up (float arg, double result)", __ad_autodiff((void *)up, xf),
             6 * xfd, ad_fd_h(up_d, xfd, 1e-2));
  ad_check_f("down (double arg, float result)",
             __ad_autodiff_f((void *)down, x), 2 * x + 1,
             ad_fd_h(down_d, x, 1e-2));
  ad_check_f("mid (round trip)", __ad_autodiff((void *)mid, x), x,
             ad_fd_h(mid_d, x, 1e-2));
  ad_check_f("wide (float -> double -> float)",
             __ad_autodiff_f((void *)wide, xf), cos(xfd * xfd) * 2 * xfd,
             ad_fdf(wide, xf));
  ad_check_f("wide opaque", __ad_autodiff_f((void *)wide, ad_opaquef(-0.5f)),
             cos(0.25) * 2 * -0.5, ad_fdf(wide, -0.5f));
  return ad_check_report();
}
