// Library calls with no derivative of their own that Enzyme programs use:
// memcmp (and the bcmp clang makes of `memcmp(...) == 0`) compare memory
// and return an integer, so they are inactive; __builtin_prefetch is a hint
// that changes no value. Differentiated through, in both modes.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>
#include <string.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

static double f(const double *x, const double *ref) {
  double s = 0.0;
  for (int i = 0; i < 4; i++) {
    __builtin_prefetch(x + i + 1);
    s += sin(x[i]) * x[i];
  }
  if (memcmp(x, ref, 2 * sizeof *x) == 0) /* equal: scaled */
    s *= 2.0;
  if (memcmp(x + 2, ref + 2, sizeof *x) != 0) /* differ */
    s += x[3];
  return s;
}

int main(void) {
  double x[4] = {0.5, 1.0, 1.5, 2.0}, ref[4] = {0.5, 1.0, 9.0, 0.0};
  double dx[4] = {0, 0, 0, 0};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx, enzyme_const, ref);
  for (int i = 0; i < 4; i++) {
    double want = 2.0 * (cos(x[i]) * x[i] + sin(x[i])) + (i == 3 ? 1.0 : 0.0);
    ad_check_eq(i == 0 ? "reverse d/dx0" : "reverse d/dx_i", dx[i], want);
  }
  double t[4] = {0, 0, 0, 1.0};
  double d3 = __enzyme_fwddiff((void *)f, enzyme_dup, x, t, enzyme_const, ref);
  ad_check_eq("forward d/dx3", d3, 2.0 * (cos(x[3]) * x[3] + sin(x[3])) + 1.0);
  return ad_check_report();
}
