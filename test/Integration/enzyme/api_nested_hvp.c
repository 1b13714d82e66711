// Nested derivatives the way Enzyme's docs write a Hessian-vector product:
// a gradient function calling __enzyme_autodiff, differentiated by
// __enzyme_fwddiff along v (forward over reverse), for the Rosenbrock
// function, whose Hessian is tridiagonal and known. Also a scalar second
// derivative by reverse over forward (__enzyme_autodiff of a function
// calling __enzyme_fwddiff) and by reverse over reverse.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed;
void __enzyme_autodiff(void *, ...);
double __enzyme_autodiff_d(void *, ...);
void __enzyme_fwddiff(void *, ...);
double __enzyme_fwddiff_d(void *, ...);

enum { N = 4 };

static double rosen(const double *x, int n) {
  double f = 0;
  for (int i = 0; i + 1 < n; i++) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    f += 100 * a * a + b * b;
  }
  return f;
}

static void grad(const double *x, double *dx, int n) {
  for (int i = 0; i < n; i++)
    dx[i] = 0;
  __enzyme_autodiff((void *)rosen, enzyme_dup, x, dx, enzyme_const, n);
}

static void hvp(const double *x, const double *v, double *hv, int n) {
  double dx[N];
  __enzyme_fwddiff((void *)grad, enzyme_dup, x, v, enzyme_dupnoneed, dx, hv,
                   enzyme_const, n);
}

static double f1(double x) { return x * x * x * sin(x); }
static double df1_fwd(double x) {
  return __enzyme_fwddiff_d((void *)f1, x, 1.0);
}
static double df1_rev(double x) { return __enzyme_autodiff_d((void *)f1, x); }

/* The analytic gradient, for finite differences of the Hessian. */
static double X0[N] = {0.9, 1.2, -0.5, 0.3}, V[N] = {1.0, -0.5, 2.0, 0.25};
static int COMP;
static double grad_along_v(double t) {
  double x[N], g = 0;
  for (int i = 0; i < N; i++)
    x[i] = X0[i] + t * V[i];
  int i = COMP;
  if (i + 1 < N)
    g += -400 * x[i] * (x[i + 1] - x[i] * x[i]) - 2 * (1 - x[i]);
  if (i > 0)
    g += 200 * (x[i] - x[i - 1] * x[i - 1]);
  return g;
}

int main(void) {
  double hv[N] = {0, 0, 0, 0};
  hvp(X0, V, hv, N);
  for (COMP = 0; COMP < N; COMP++) {
    int i = COMP;
    double h = 0;
    if (i + 1 < N)
      h += (1200 * X0[i] * X0[i] - 400 * X0[i + 1] + 2) * V[i] -
           400 * X0[i] * V[i + 1];
    if (i > 0)
      h += 200 * V[i] - 400 * X0[i - 1] * V[i - 1];
    ad_check("Rosenbrock Hv", hv[i], h, ad_fd(grad_along_v, 0.0));
  }

  double x = ad_opaque(1.1);
  /* f'' = 6 x sin x + 6 x^2 cos x - x^3 sin x */
  double ref = 6 * x * sin(x) + 6 * x * x * cos(x) - x * x * x * sin(x);
  double d2 = __enzyme_autodiff_d((void *)df1_fwd, x);
  ad_check("reverse over forward", d2, ref, ad_fd(df1_fwd, x));
  d2 = __enzyme_autodiff_d((void *)df1_rev, x);
  ad_check("reverse over reverse", d2, ref, ad_fd(df1_rev, x));
  d2 = __enzyme_fwddiff_d((void *)df1_rev, x, 1.0);
  ad_check("forward over reverse", d2, ref, ad_fd(df1_rev, x));
  return ad_check_report();
}
