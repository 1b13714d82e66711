// Ternaries (select) and if/else diamonds (phi), both sides of each branch.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double tern(double x) { return x > 1.0 ? x * x : 3.0 * x; }

/* Both arms active and computed before the choice. */
double phi(double x) {
  double a = x * x;
  double b = sin(x);
  double r = x > 0 ? a : b;
  return r + a;
}

double diamond(double x, double y) {
  double r;
  if (x < y)
    r = sin(x) * y;
  else
    r = x / y;
  return r * x;
}

/* The condition depends on both active values; one arm is a constant. */
double clampish(double x, double y) { return x * y > 2.0 ? 2.0 : x * y; }

static double diamond_a(const double *a) { return diamond(a[0], a[1]); }
static double clampish_a(const double *a) { return clampish(a[0], a[1]); }

static void check_diamond(double x, double y) {
  double a[2];
  a[0] = x;
  a[1] = y;
  ad_check("diamond dx", __ad_autodiff((void *)diamond, x, ad_const, y),
           x < y ? cos(x) * y * x + sin(x) * y : 2 * x / y,
           ad_fdn(diamond_a, a, 2, 0));
  ad_check("diamond dy", __ad_autodiff((void *)diamond, ad_const, x, y),
           x < y ? sin(x) * x : -x * x / (y * y), ad_fdn(diamond_a, a, 2, 1));
  ad_check("clampish dx", __ad_autodiff((void *)clampish, x, ad_const, y),
           x * y > 2.0 ? 0.0 : y, ad_fdn(clampish_a, a, 2, 0));
  ad_check("clampish dy", __ad_autodiff((void *)clampish, ad_const, x, y),
           x * y > 2.0 ? 0.0 : x, ad_fdn(clampish_a, a, 2, 1));
}

int main(void) {
  ad_check("tern true side", __ad_autodiff((void *)tern, 1.5), 3.0,
           ad_fd(tern, 1.5));
  ad_check("tern false side", __ad_autodiff((void *)tern, ad_opaque(0.5)), 3.0,
           ad_fd(tern, 0.5));
  ad_check("tern true side 2", __ad_autodiff((void *)tern, ad_opaque(2.5)), 5.0,
           ad_fd(tern, 2.5));
  ad_check("phi true side", __ad_autodiff((void *)phi, 0.8), 4 * 0.8,
           ad_fd(phi, 0.8));
  ad_check("phi false side", __ad_autodiff((void *)phi, ad_opaque(-0.8)),
           cos(-0.8) + 2 * -0.8, ad_fd(phi, -0.8));
  check_diamond(0.5, 1.5);
  check_diamond(ad_opaque(2.0), ad_opaque(1.25));
  check_diamond(3.0, 2.0);
  return ad_check_report();
}
