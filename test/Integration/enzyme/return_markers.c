// Enzyme's return markers and result defaults: __enzyme_fwddiff returns the
// tangent, with enzyme_primal_return the result and its tangent, with
// enzyme_const_return (and enzyme_primal_return) the result alone;
// enzyme_dup_return and enzyme_noret change nothing there; in
// __enzyme_autodiff, enzyme_const_return leaves the result unseeded (only
// the shadows' seeds count) and enzyme_active_return is the default. A call
// declared void discards the derivative it would return; the shadows still
// get theirs.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_const_return,
    enzyme_primal_return, enzyme_dup_return, enzyme_active_return, enzyme_noret;
typedef struct {
  double primal, tangent;
} dual;
double __enzyme_fwddiff(void *, ...);
dual __enzyme_fwddiff_dual(void *, ...);
double __enzyme_autodiff(void *, ...);
void __enzyme_autodiff_void(void *, ...);
void __enzyme_fwddiff_void(void *, ...);

static double f(double x, double *y) {
  y[0] = x * y[0];
  return sin(x) * y[0];
}
static double g(double x) {
  double y[1] = {2.0};
  return f(x, y);
}

int main(void) {
  double x = 0.6, y = 2.0, dy = 0.0;
  dual d = __enzyme_fwddiff_dual((void *)f, enzyme_primal_return, x, 1.0,
                                 enzyme_dup, &y, &dy);
  ad_check_eq("primal_return: result", d.primal, sin(x) * x * 2.0);
  ad_check("primal_return: tangent", d.tangent, 2.0 * (cos(x) * x + sin(x)),
           ad_fd(g, x));
  ad_check_eq("primal_return: tangent of y", dy, 2.0);

  y = 2.0, dy = 0.0;
  double p = __enzyme_fwddiff((void *)f, enzyme_const_return,
                              enzyme_primal_return, x, 1.0, &y, &dy);
  ad_check_eq("const_return + primal_return: the result", p, sin(x) * x * 2.0);
  ad_check_eq("const_return: tangent of y still written", dy, 2.0);

  y = 2.0, dy = 0.0;
  double t = __enzyme_fwddiff((void *)f, enzyme_dup_return, enzyme_noret, x,
                              1.0, &y, &dy);
  ad_check_eq("dup_return, noret: the tangent", t, 2.0 * (cos(x) * x + sin(x)));

  y = 2.0, dy = 0.0;
  __enzyme_fwddiff_void((void *)f, x, 1.0, &y, &dy);
  ad_check_eq("void forward call: tangent of y", dy, 2.0);

  /* Reverse: seed only y's final value (dy = 1): d y1 / dx = y0. */
  y = 2.0, dy = 1.0;
  double dx = __enzyme_autodiff((void *)f, enzyme_const_return, enzyme_out, x,
                                enzyme_dup, &y, &dy);
  ad_check_eq("const_return: d y1/dx", dx, 2.0);
  ad_check_eq("const_return: d y1/dy0", dy, x);

  y = 2.0, dy = 0.0;
  dx = __enzyme_autodiff((void *)f, enzyme_active_return, x, &y, &dy);
  ad_check_eq("active_return: df/dx", dx, 2.0 * (cos(x) * x + sin(x)));
  ad_check_eq("active_return: df/dy0", dy, sin(x) * x);

  y = 2.0, dy = 0.0;
  __enzyme_autodiff_void((void *)f, x, &y, &dy);
  ad_check_eq("void reverse call: df/dy0", dy, sin(x) * x);
  return ad_check_report();
}
