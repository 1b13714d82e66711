// memcpy of one double (or float) becomes an integer load and store at
// -O1+ (and after the plugin's own normalization at -O0), with the copied
// value read back through an integer-to-float bitcast: the derivative must
// follow it, in reverse and forward mode. Was a silent zero before.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <string.h>

static void copy1(const double *x, double *y) { memcpy(y, x, sizeof(double)); }
double read_back(double *x, double *y) {
  copy1(x, y);
  return y[0] * 3.0;
}

double copy_then_loop(double *x, double *y, int n) {
  memcpy(y, x, sizeof(double));
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += y[i] * (i + 2);
  return s;
}

float copy_float(float *x, float *y) {
  memcpy(y, x, sizeof(float));
  return y[0] * y[0];
}

int main(void) {
  double x[2] = {2, 5}, dx[2] = {0}, y[2] = {0, 1}, dy[2] = {0};
  __ad_autodiff((void *)read_back, ad_dup, x, dx, ad_dup, y, dy);
  ad_check_eq("read_back reverse", dx[0], 3);
  dx[0] = 1;
  ad_check_eq("read_back forward",
              __ad_fwddiff((void *)read_back, ad_dup, x, dx, ad_dup, y, dy), 3);
  ad_check_eq("read_back forward dy", dy[0], 1);

  dx[0] = dy[0] = dy[1] = 0;
  __ad_autodiff((void *)copy_then_loop, ad_dup, x, dx, ad_dup, y, dy, 2);
  ad_check_eq("copy_then_loop reverse", dx[0], 2);
  ad_check_eq("copy_then_loop reverse dy[1]", dy[1], 3);
  dx[0] = 1;
  dy[0] = dy[1] = 0;
  ad_check_eq(
      "copy_then_loop forward",
      __ad_fwddiff((void *)copy_then_loop, ad_dup, x, dx, ad_dup, y, dy, 2), 2);

  float fx[1] = {1.5f}, fdx[1] = {0}, fy[1], fdy[1] = {0};
  __ad_autodiff((void *)copy_float, ad_dup, fx, fdx, ad_dup, fy, fdy);
  ad_check_eq("copy_float reverse", fdx[0], 3.0);
  return ad_check_report();
}
