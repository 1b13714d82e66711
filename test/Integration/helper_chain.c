// A chain of static helper functions called from the differentiated
// function (inlined by the plugin), one of them noinline.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

static double sq(double x) { return x * x; }
static double h2(double x, double y) { return sq(x) * sin(y); }
static double h3(double x) { return h2(x, x + 1.0) + sq(sq(x)); }
__attribute__((noinline)) static double denom(double x) { return 1.0 + sq(x); }

double chain(double x) { return h3(x) / denom(x); }

/* A helper that writes through a pointer it was given. */
static void put(double *out, double v) { out[0] = v * v; }
double via_ptr(double x) {
  double t[1];
  put(t, sin(x));
  return t[0] + x;
}

static double chain_d(double x) {
  double A = x * x * sin(x + 1) + x * x * x * x;
  double dA = 2 * x * sin(x + 1) + x * x * cos(x + 1) + 4 * x * x * x;
  double B = 1 + x * x;
  return (dA * B - A * 2 * x) / (B * B);
}

int main(void) {
  double x = 0.7;
  ad_check("chain", __ad_autodiff((void *)chain, x), chain_d(x),
           ad_fd(chain, x));
  x = ad_opaque(-1.6);
  ad_check("chain opaque", __ad_autodiff((void *)chain, x), chain_d(x),
           ad_fd(chain, x));
  ad_check("helper with local buffer", __ad_autodiff((void *)via_ptr, x),
           2 * sin(x) * cos(x) + 1, ad_fd(via_ptr, x));
  return ad_check_report();
}
