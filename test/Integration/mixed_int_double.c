// Integer code mixed into the differentiated function: integer arguments
// (constant by default), casts, integer arithmetic that selects the path.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double mixed(double x, int n) {
  int k = n * 3 + 1;
  int m = (int)x;
  double s = x * k;
  if (m % 2 == 0)
    s += x * x;
  else
    s -= x;
  return s / (double)(m + 1);
}

/* The integer part is inactive, the fractional part is not. */
double frac100(double x) {
  long long q = (long long)(x * 100.0);
  double f = x * 100.0 - (double)q;
  return f * f + (double)(q & 7);
}

static int g_n;
static double mixed_n(double x) { return mixed(x, g_n); }

int main(void) {
  double x = 2.3;
  int n = 2;
  g_n = n;
  /* No marker on the int: constant by default. */
  ad_check("even path (int unmarked)", __ad_autodiff((void *)mixed, x, n),
           (7 + 2 * x) / 3, ad_fd(mixed_n, x));
  x = ad_opaque(3.4);
  ad_check("odd path (int unmarked)", __ad_autodiff((void *)mixed, x, n),
           6.0 / 4, ad_fd(mixed_n, x));
  g_n = -1;
  ad_check("even path (int marked)",
           __ad_autodiff((void *)mixed, ad_opaque(2.6), ad_const, -1),
           (-2 + 2 * 2.6) / 3, ad_fd(mixed_n, 2.6));
  x = 1.23456;
  ad_check("fractional part", __ad_autodiff((void *)frac100, x),
           2 * (x * 100 - 123) * 100, ad_fd(frac100, x));
  return ad_check_report();
}
