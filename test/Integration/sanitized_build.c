// Code built with -fsanitize=undefined: the checks' reports get the
// checked values (a float's bits as an integer for a float-to-int cast),
// which carry no derivative. The derivative keeps the checks.
// RUN: %clang -O0 -fsanitize=undefined %s -o %t0 && %t0 2>&1 | %FileCheck %s
// RUN: %clang -O1 -fsanitize=float-cast-overflow %s -o %t1 && %t1 2>&1 | %FileCheck %s
// RUN: %clang -O2 -fsanitize=undefined %s -o %t2 && %t2 2>&1 | %FileCheck %s
// RUN: %clang -O3 -fsanitize=undefined,float-cast-overflow %s -o %t3 && %t3 2>&1 | %FileCheck %s
// CHECK-NOT: runtime error
// CHECK: 0 failed
#include "adcheck.h"
#include <ad.h>

/* x^2 * floor(7x) through an int, and an index computed from x */
static double f(const double *x, int n) {
  int k = (int)(x[0] * 7.0);
  double s = x[0] * x[0] * k;
  for (int i = 0; i < n; i++)
    s += x[i] * x[(i + k) % n];
  return s;
}

int main(void) {
  double x[3] = {1.3, 0.5, -2}, dx[3] = {0}, v[3] = {1, 0, 0};
  __ad_autodiff((void *)f, ad_dup, x, dx, ad_const, 3);
  /* k = 9: s = 9 x0^2 + x0 x0 + x1 x1 + x2 x2 (9 mod 3 = 0) */
  ad_check_eq("d/dx0", dx[0], 20 * x[0]);
  ad_check_eq("d/dx1", dx[1], 2 * x[1]);
  ad_check_eq("d/dx2", dx[2], 2 * x[2]);
  ad_check_eq("forward d/dx0",
              __ad_fwddiff((void *)f, ad_dup, x, v, ad_const, 3), 20 * x[0]);
  return ad_check_report();
}
