// Recursive functions of scalars, differentiated through their own gradient
// (the gradient of a recursive callee calls itself with the seed as a
// parameter): a recursive power x rpow(x, n - 1), and a Fibonacci-style
// recursion f(n) = 0.5 f(n-1) + sin(f(n-2)) with f(0) = x, f(1) = x^2 (two
// recursive calls per level), with several depths including the base cases.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double rpow(double x, int n) {
  if (n == 0)
    return 1.0;
  return x * rpow(x, n - 1);
}

double fibr(double x, int n) {
  if (n == 0)
    return x;
  if (n == 1)
    return x * x;
  return 0.5 * fibr(x, n - 1) + sin(fibr(x, n - 2));
}

/* The value and derivative of fibr by forward recursion. */
static void fibr_d(double x, int n, double *v, double *d) {
  double v0 = x, d0 = 1, v1 = x * x, d1 = 2 * x;
  if (n == 0) {
    *v = v0;
    *d = d0;
    return;
  }
  for (int k = 2; k <= n; ++k) {
    double v2 = 0.5 * v1 + sin(v0), d2 = 0.5 * d1 + cos(v0) * d0;
    v0 = v1;
    d0 = d1;
    v1 = v2;
    d1 = d2;
  }
  *v = v1;
  *d = d1;
}

static int depth;
static double rpow_x(double x) { return rpow(x, depth); }
static double fibr_x(double x) { return fibr(x, depth); }

int main(void) {
  char buf[96];
  int n;
  for (n = 0; n <= 7; n += (n < 2 ? 1 : 5)) {
    double x = 1.3, d, e;
    depth = n;
    d = __ad_autodiff((void *)rpow, ad_opaque(x), (int)ad_opaque(n));
    e = n ? n * pow(x, n - 1) : 0.0;
    snprintf(buf, sizeof buf, "rpow(x, %d) dx", n);
    ad_check(buf, d, e, ad_fd(rpow_x, x));
  }
  /* A constant depth, which the optimizer sees. */
  ad_check("rpow(x, 5) dx const", __ad_autodiff((void *)rpow, -0.8, 5),
           5 * pow(-0.8, 4), 5 * pow(-0.8, 4));

  for (n = 0; n <= 9; ++n) {
    double x = 0.6, d, v, e;
    depth = n;
    d = __ad_autodiff((void *)fibr, ad_opaque(x), (int)ad_opaque(n));
    fibr_d(x, n, &v, &e);
    snprintf(buf, sizeof buf, "fibr value(x, %d)", n);
    ad_check_eq(buf, fibr(x, n), v);
    snprintf(buf, sizeof buf, "fibr(x, %d) dx", n);
    ad_check(buf, d, e, ad_fd(fibr_x, x));
  }
  return ad_check_report();
}
