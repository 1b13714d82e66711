// pow: both arguments active, constant exponents (which the optimizer may
// rewrite into multiplications) and a constant base (rewritten into exp2).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f_pow(double x, double y) { return pow(x, y); }
double f_cube(double x) { return pow(x, 3.0); }
double f_square(double x) { return pow(x, 2.0); }
double f_half(double x) { return pow(x, 0.5); }
double f_inv(double x) { return pow(x, -1.0); }
double f_twox(double x) { return pow(2.0, x); }

static double pow_a(const double *a) { return f_pow(a[0], a[1]); }

static void check_pow(double x, double y) {
  double a[2];
  a[0] = x;
  a[1] = y;
  ad_check("pow dx", __ad_autodiff((void *)f_pow, x, ad_const, y),
           y * pow(x, y - 1), ad_fdn(pow_a, a, 2, 0));
  ad_check("pow dy", __ad_autodiff((void *)f_pow, ad_const, x, y),
           pow(x, y) * log(x), ad_fdn(pow_a, a, 2, 1));
}

int main(void) {
  double x = -1.2, xp = 1.7;
  check_pow(1.7, 2.3);
  check_pow(ad_opaque(0.6), ad_opaque(-1.4));
  ad_check("pow(x, 3) at negative x", __ad_autodiff((void *)f_cube, x),
           3 * x * x, ad_fd(f_cube, x));
  ad_check("pow(x, 2)", __ad_autodiff((void *)f_square, x), 2 * x,
           ad_fd(f_square, x));
  ad_check("pow(x, 0.5)", __ad_autodiff((void *)f_half, xp), 0.5 / sqrt(xp),
           ad_fd(f_half, xp));
  ad_check("pow(x, -1)", __ad_autodiff((void *)f_inv, x), -1 / (x * x),
           ad_fd(f_inv, x));
  ad_check("pow(2, x)", __ad_autodiff((void *)f_twox, x),
           pow(2.0, x) * log(2.0), ad_fd(f_twox, x));
  return ad_check_report();
}
