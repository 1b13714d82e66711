// A void function writing its outputs through a dup pointer: the output shadow
// holds the seed on entry; on exit the input shadows hold the adjoints, and
// the output shadow is consumed (the outputs are only written, so the
// adjoint of their initial values is 0). The primal outputs are written.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

void outs(const double *x, double *y) {
  y[0] = x[0] * x[1];
  y[1] = sin(x[0]) + x[1];
}

/* An active scalar input and an output array. */
void scale(double s, double *y) {
  y[0] = s * s;
  y[1] = 3.0 * s;
}

/* Weighted sum of the outputs, for the finite differences. */
static double g_w0, g_w1;
static double outs_w(const double *x) {
  double y[2];
  outs(x, y);
  return g_w0 * y[0] + g_w1 * y[1];
}
static double scale_w(double s) {
  double y[2];
  scale(s, y);
  return g_w0 * y[0] + g_w1 * y[1];
}

static void check_seed(double w0, double w1) {
  double x[2] = {0.9, -1.4};
  double dx[2] = {0, 0};
  double y[2] = {0, 0};
  double dy[2];
  g_w0 = w0;
  g_w1 = w1;
  dy[0] = w0;
  dy[1] = w1;
  printf("seed (%g, %g)\n", w0, w1);
  __ad_autodiff((void *)outs, ad_dup, x, dx, ad_dup, y, dy);
  ad_check("outs dx0", dx[0], w0 * x[1] + w1 * cos(x[0]),
           ad_fdn(outs_w, x, 2, 0));
  ad_check("outs dx1", dx[1], w0 * x[0] + w1, ad_fdn(outs_w, x, 2, 1));
  ad_check_eq("outs y0 written", y[0], x[0] * x[1]);
  ad_check_eq("outs y1 written", y[1], sin(x[0]) + x[1]);
  ad_check_eq("outs dy0 consumed", dy[0], 0.0);
  ad_check_eq("outs dy1 consumed", dy[1], 0.0);
}

int main(void) {
  double y[2], dy[2];
  double s = 1.3;
  check_seed(1, 0);
  check_seed(0, 1);
  check_seed(2, 3);

  g_w0 = 1.0;
  g_w1 = -0.5;
  dy[0] = 1.0;
  dy[1] = -0.5;
  ad_check("scale ds",
           __ad_autodiff((void *)scale, ad_opaque(s), ad_dup, y, dy),
           2 * s - 1.5, ad_fd(scale_w, s));
  ad_check_eq("scale y0 written", y[0], s * s);
  ad_check_eq("scale y1 written", y[1], 3 * s);
  return ad_check_report();
}
