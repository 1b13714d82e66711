// Found by tools/adfuzz (seed 2282): a static recursive helper that reads a
// global is split (the caller overwrites the global after the call). Its
// derivative's cleanup, which runs before the split, turned the reverse
// sweep's `adjoint(g[4]) += c ? seed : 0` into a select of the seed and
// hoisted it into the forward sweep, where the seed does not exist: an
// internal error "Referring to an argument in another function" at every
// level. The reverse sweep now reads the seed through an opaque call after
// the split point.
//   h(u, 0) = u g5 > 0.75 ? g4 : 1.5, h(u, d) = 0.5 h(u, d - 1)
//   f = h(x2, 1) + x3 with g4 = x0^2, g5 = x1, then g4 = 0
//   at x = (1.2, 1, 1, 0.5): df/dx0 = x0 = 1.2, df/dx1 = df/dx2 = 0,
//   df/dx3 = 1; at x2 = 0.5 the other branch: df/dx0 = 0.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

static double g[8];

static double h(double u, int d) {
  if (d <= 0)
    return u * g[5] > 0.75 ? g[4] : 1.5;
  return 0.5 * h(u, d - 1);
}

double f(const double *x) {
  g[4] = x[0] * x[0];
  g[5] = x[1];
  double r = h(x[2], 1);
  g[4] = 0.0;
  return r + x[3];
}

int main(void) {
  double x[4] = {1.2, 1.0, 1.0, 0.5};
  double d[4] = {0};
  __ad_autodiff((void *)f, ad_dup, x, d);
  ad_check("df/dx0", d[0], 1.2, ad_fdn(f, x, 4, 0));
  ad_check("df/dx1", d[1], 0.0, ad_fdn(f, x, 4, 1));
  ad_check("df/dx3", d[3], 1.0, ad_fdn(f, x, 4, 3));
  double y[4] = {1.2, 1.0, 0.5, 0.5}, e[4] = {0};
  __ad_autodiff((void *)f, ad_dup, y, e);
  ad_check("other branch df/dx0", e[0], 0.0, ad_fdn(f, y, 4, 0));
  double t[4] = {1, 0, 0, 0};
  ad_check("forward df/dx0", __ad_fwddiff((void *)f, ad_dup, x, t), 1.2,
           ad_fdn(f, x, 4, 0));
  return ad_check_report();
}
