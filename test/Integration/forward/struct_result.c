// Forward mode of a function that returns a struct or a vector in
// registers: the call returns the tangent of the result, in the type the
// caller declares for the entry point.
//   polar(r, t) = (r cos t, r sin t): along (dr, dt) = (0, 1) at (2, 0.5):
//   (-2 sin 0.5, 2 cos 0.5)
//   sumdiff(x) = <x0 + x1, x0 x1> along e_0: <1, x1>
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

typedef struct {
  double a, b;
} P;
P polar(double r, double t) {
  P p = {r * cos(t), r * sin(t)};
  return p;
}
P __ad_fwddiff_P(void *, ...);

typedef double v2d __attribute__((vector_size(16)));
v2d sumdiff(const double *x) {
  v2d v = {x[0] + x[1], x[0] * x[1]};
  return v;
}
v2d __ad_fwddiff_v2d(void *, ...);

int main(void) {
  P d = __ad_fwddiff_P((void *)polar, ad_dup, 2.0, 0.0, ad_dup, 0.5, 1.0);
  ad_check("d polar.a / dt", d.a, -2 * sin(0.5), -2 * sin(0.5));
  ad_check("d polar.b / dt", d.b, 2 * cos(0.5), 2 * cos(0.5));
  double x[2] = {1.5, 2.0}, t[2] = {1, 0};
  v2d v = __ad_fwddiff_v2d((void *)sumdiff, ad_dup, x, t);
  ad_check("d sumdiff[0] / dx0", v[0], 1, 1);
  ad_check("d sumdiff[1] / dx0", v[1], 2.0, 2.0);
  return ad_check_report();
}
