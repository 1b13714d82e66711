// switch on an int argument marked ad_const, with a fallthrough and default.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double sw(double x, int k) {
  switch (k) {
  case 0:
    return x * x;
  case 1:
    return sin(x);
  case 2: {
    double t = x * 3.0;
    return t * t;
  }
  case 3:
    x = x * 2.0;
    /* fallthrough */
  case 4:
    return x * x + x;
  case 5:
    return exp(x) * x;
  default:
    return -x;
  }
}

static int g_k;
static double sw_k(double x) { return sw(x, g_k); }

static void check_case(int k, double x, double expected) {
  char name[32];
  snprintf(name, sizeof name, "case %d", k);
  g_k = k;
  ad_check(name, __ad_autodiff((void *)sw, x, ad_const, k), expected,
           ad_fd(sw_k, x));
}

int main(void) {
  double x = 0.7;
  volatile int seven = 7;
  check_case(0, x, 2 * x);
  check_case(1, x, cos(x));
  check_case(2, x, 18 * x);
  check_case(3, x, 8 * x + 2);
  check_case(4, x, 2 * x + 1);
  check_case(5, x, exp(x) * (1 + x));
  check_case(seven, x, -1.0);
  check_case(-1, ad_opaque(-1.3), -1.0);
  return ad_check_report();
}
