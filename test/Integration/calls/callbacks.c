// Indirect calls on the active path: an integrator takes its right-hand side
// as a function pointer, chosen at run time among functions defined in this
// file. The call becomes a dispatch on the pointer to direct calls, each
// differentiated; in both modes, at every level. Also a right-hand side
// that takes only pointers (rhs(const double *y, double *dy, const double
// *p)), whose derivatives go through the memory they point to (it was
// refused: "indirect call on an active path has no derivative").
//   y' = rhs(y, p), explicit Euler, 10 steps of 0.1 from y0 = 0.5:
//   decay: y' = -p y, so y10 = 0.5 (1 - 0.1 p)^10 and
//   dy10/dp = -0.5 (1 - 0.1 p)^9; logistic: checked by finite differences
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

typedef double (*rhs_t)(double, const double *);
static double decay(double y, const double *p) { return -p[0] * y; }
static double logistic(double y, const double *p) { return p[0] * y * (1 - y); }

__attribute__((noinline)) double integrate(rhs_t rhs, const double *p,
                                           double y0, int steps) {
  double y = y0, h = 0.1;
  for (int i = 0; i < steps; i++)
    y += h * rhs(y, p);
  return y;
}

double run(const double *p, int which) {
  rhs_t r = which ? logistic : decay;
  return integrate(r, p, 0.5, 10);
}

// The pointer-only form: two states, y' = rhs(y), explicit Euler.
typedef void (*vrhs_t)(const double *y, double *dy, const double *p);
static void rotate(const double *y, double *dy, const double *p) {
  dy[0] = -p[0] * y[1];
  dy[1] = p[0] * y[0];
}
static void damp(const double *y, double *dy, const double *p) {
  dy[0] = -p[0] * y[0] * y[0];
  dy[1] = -p[0] * y[1];
}

__attribute__((noinline)) double integrate2(vrhs_t rhs, const double *p,
                                            int steps) {
  double y[2] = {0.5, 0.25}, dy[2];
  for (int i = 0; i < steps; i++) {
    rhs(y, dy, p);
    y[0] += 0.1 * dy[0];
    y[1] += 0.1 * dy[1];
  }
  return y[0] + 2 * y[1];
}

double run2(const double *p, int which) {
  return integrate2(which ? damp : rotate, p, 10);
}

static double run0(const double *p) { return run(p, 0); }
static double run2_0(const double *p) { return run2(p, 0); }
static double run2_1(const double *p) { return run2(p, 1); }
static double run1(const double *p) { return run(p, 1); }

int main(void) {
  double p[1] = {0.7}, d0[1] = {0}, d1[1] = {0};
  __ad_autodiff((void *)run, ad_dup, p, d0, ad_const, 0);
  __ad_autodiff((void *)run, ad_dup, p, d1, ad_const, 1);
  ad_check("decay", d0[0], -0.5 * pow(1 - 0.07, 9), ad_fdn(run0, p, 1, 0));
  double fd1 = ad_fdn(run1, p, 1, 0);
  ad_check("logistic", d1[0], fd1, fd1);
  double t[1] = {1};
  ad_check("logistic, forward",
           __ad_fwddiff((void *)run, ad_dup, p, t, ad_const, 1), fd1, fd1);
  for (int which = 0; which < 2; which++) {
    double d[1] = {0};
    __ad_autodiff((void *)run2, ad_dup, p, d, ad_const, which);
    double fd = ad_fdn(which ? run2_1 : run2_0, p, 1, 0);
    ad_check("pointer-only rhs", d[0], fd, fd);
    ad_check("pointer-only rhs, forward",
             __ad_fwddiff((void *)run2, ad_dup, p, t, ad_const, which), fd, fd);
  }
  return ad_check_report();
}
