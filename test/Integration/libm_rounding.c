// floor, ceil, trunc, round, rint and nearbyint: zero derivative, so the
// product x * round(x) has derivative round(x) (away from the jumps).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double f_floor(double x) { return x * floor(x); }
double f_ceil(double x) { return x * ceil(x); }
double f_trunc(double x) { return x * trunc(x); }
double f_round(double x) { return x * round(x); }
double f_rint(double x) { return x * rint(x); }
double f_nearbyint(double x) { return x * nearbyint(x); }
double f_floor_only(double x) { return floor(x * 3.0) + ceil(x); }

static void check_at(double x) {
  ad_check("x floor(x)", __ad_autodiff((void *)f_floor, x), floor(x),
           ad_fd(f_floor, x));
  ad_check("x ceil(x)", __ad_autodiff((void *)f_ceil, x), ceil(x),
           ad_fd(f_ceil, x));
  ad_check("x trunc(x)", __ad_autodiff((void *)f_trunc, x), trunc(x),
           ad_fd(f_trunc, x));
  ad_check("x round(x)", __ad_autodiff((void *)f_round, x), round(x),
           ad_fd(f_round, x));
  ad_check("x rint(x)", __ad_autodiff((void *)f_rint, x), rint(x),
           ad_fd(f_rint, x));
  ad_check("x nearbyint(x)", __ad_autodiff((void *)f_nearbyint, x),
           nearbyint(x), ad_fd(f_nearbyint, x));
  ad_check("floor(3x) + ceil(x)", __ad_autodiff((void *)f_floor_only, x), 0.0,
           ad_fd(f_floor_only, x));
}

int main(void) {
  check_at(2.3);
  check_at(ad_opaque(2.7));
  check_at(ad_opaque(-1.7));
  check_at(-0.4);
  return ad_check_report();
}
