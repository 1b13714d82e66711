// Inactive and "function-like" functions, in all their spellings: Enzyme's
// __attribute__((enzyme_inactive)) (also on an always_inline function) and
// __enzyme_inactivefn, ADPass's AD_INACTIVE; Enzyme's
// __attribute__((enzyme_function_like("exp"))) and
// __enzyme_function_like = {fn, "name"}, ADPass's AD_FUNCTION_LIKE. An
// inactive function's effect on the result is not differentiated; a
// function-like one is differentiated by the named function's rule, while
// its own (here deliberately different) values are kept.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

/* Inactive: scale factors the gradient must treat as constants. */
__attribute__((enzyme_inactive)) double attr_scale(double x) {
  return 1.0 + x * x;
}
double fn_scale(double x) { return 2.0 + x; }
void *__enzyme_inactivefn[1] = {(void *)fn_scale};
AD_INACTIVE double macro_scale(double x) { return 3.0 * x; }
/* always_inline would have clang inline it before the derivative is made:
 * inactive wins. */
__attribute__((always_inline, enzyme_inactive)) static inline double
inline_scale(double x) {
  return 4.0 - x;
}

/* Function-like: values 1% off the true function, derivative by its rule
 * (applied to the user's values: exp's derivative is its result). */
__attribute__((enzyme_function_like("exp"))) double my_exp(double x) {
  return 1.01 * exp(x);
}
double my_log1p(double x) { return 1.01 * log1p(x); }
void *__enzyme_function_like[2] = {(void *)my_log1p, (void *)"log1p"};
AD_FUNCTION_LIKE("sin") double my_sin(double x) { return 1.01 * sin(x); }

static double inactive_sum(double x) {
  return x * attr_scale(x) + x * fn_scale(x) + x * macro_scale(x) +
         x * inline_scale(x);
}
static double like_sum(double x) { return my_exp(x) + my_log1p(x) + my_sin(x); }

int main(void) {
  double x = 0.4;
  double d = __enzyme_autodiff((void *)inactive_sum, x);
  ad_check_eq("inactive: reverse", d,
              (1.0 + x * x) + (2.0 + x) + 3.0 * x + (4.0 - x));
  double t = __enzyme_fwddiff((void *)inactive_sum, x, 1.0);
  ad_check_eq("inactive: forward", t,
              (1.0 + x * x) + (2.0 + x) + 3.0 * x + (4.0 - x));

  double want = 1.01 * exp(x) + 1.0 / (1.0 + x) + cos(x);
  ad_check_eq("function-like: primal kept", like_sum(x),
              1.01 * (exp(x) + log1p(x) + sin(x)));
  ad_check("function-like: reverse", __enzyme_autodiff((void *)like_sum, x),
           want, want);
  ad_check("function-like: forward", __enzyme_fwddiff((void *)like_sum, x, 1.0),
           want, want);
  return ad_check_report();
}
