// Early returns: several exits, one of them returning a constant.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double early(double x) {
  double y;
  if (x < 0)
    return x * x;
  if (x > 10.0)
    return 0.0;
  y = sqrt(x);
  if (y > 2.0)
    return y * x;
  return log(x + 1.0) * y;
}

int main(void) {
  double x;
  ad_check("x < 0", __ad_autodiff((void *)early, -1.5), -3.0,
           ad_fd(early, -1.5));
  ad_check("x > 10 (constant)", __ad_autodiff((void *)early, 12.0), 0.0,
           ad_fd(early, 12.0));
  x = ad_opaque(6.25);
  ad_check("sqrt(x) > 2", __ad_autodiff((void *)early, x), 1.5 * 2.5,
           ad_fd(early, x));
  x = ad_opaque(1.44);
  ad_check("fallthrough", __ad_autodiff((void *)early, x),
           sqrt(x) / (x + 1) + log(x + 1) / (2 * sqrt(x)), ad_fd(early, x));
  return ad_check_report();
}
