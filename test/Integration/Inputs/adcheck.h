/* adcheck.h: checks for the ADPass integration programs (C and C++).
 *
 * A derivative computed by the plugin is compared with an analytic value and
 * with a central finite difference (5-point stencil) of the primal function:
 *
 *   static double sq(double x) { return x * x; }
 *   ...
 *   double d = __ad_autodiff((void *)sq, 3.0);
 *   ad_check("sq", d, 6.0, ad_fd(sq, 3.0));
 *   ...
 *   return ad_check_report();
 *
 * Functions of several arguments are differentiated numerically through a
 * wrapper taking an array: `ad_fdn(wrap, args, n, i)` perturbs args[i].
 *
 * Every comparison is printed. ad_check_report() prints "N checks, M failed"
 * and returns nonzero if any check failed (or if none ran), so a wrong
 * derivative makes the test program exit nonzero.
 */
#ifndef ADPASS_TEST_ADCHECK_H
#define ADPASS_TEST_ADCHECK_H

#include <math.h>
#include <stdio.h>

#define ADCHECK_UNUSED __attribute__((unused))

/* Relative tolerances, and the absolute floor applied to the scale of the
 * reference value (so that a reference of 0 accepts |got| <= rtol * floor). */
#define ADCHECK_RTOL_DOUBLE 1e-6
#define ADCHECK_RTOL_FLOAT 1e-3
#define ADCHECK_FLOOR_DOUBLE 1e-3
#define ADCHECK_FLOOR_FLOAT 1e-2
/* Finite-difference steps, relative to max(1, |x|). */
#define ADCHECK_STEP_DOUBLE 1e-4
#define ADCHECK_STEP_FLOAT 1e-2
/* Most arguments accepted by ad_fdn / ad_fdnf. */
#define ADCHECK_MAX_ARGS 16

static int adcheck_total = 0;
static int adcheck_failed = 0;

ADCHECK_UNUSED static int ad_close(double got, double ref, double rtol,
                                   double floor_) {
  double scale = fabs(ref) > floor_ ? fabs(ref) : floor_;
  if (got != got || ref != ref) /* NaN */
    return 0;
  return fabs(got - ref) <= rtol * scale;
}

ADCHECK_UNUSED static void adcheck_record(const char *name, int ok,
                                          const char *what) {
  ++adcheck_total;
  if (!ok)
    ++adcheck_failed;
  printf("%-8s %s%s%s\n", ok ? "ok" : "FAIL", name, ok ? "" : ": ",
         ok ? "" : what);
}

ADCHECK_UNUSED static void adcheck_compare(const char *name, double got,
                                           double expected, double fd,
                                           int use_fd, double rtol,
                                           double floor_) {
  int ok_exp = ad_close(got, expected, rtol, floor_);
  int ok_fd = !use_fd || ad_close(got, fd, rtol, floor_);
  const char *what = !ok_exp && !ok_fd ? "differs from analytic and FD"
                     : !ok_exp         ? "differs from analytic"
                                       : "differs from FD";
  if (use_fd)
    printf("  %s: got % .17g  analytic % .17g  fd % .17g\n", name, got,
           expected, fd);
  else
    printf("  %s: got % .17g  expected % .17g\n", name, got, expected);
  adcheck_record(name, ok_exp && ok_fd, what);
}

/* A double derivative: against the analytic value and the finite difference
 * (relative error < 1e-6). */
ADCHECK_UNUSED static void ad_check(const char *name, double got,
                                    double expected, double fd) {
  adcheck_compare(name, got, expected, fd, 1, ADCHECK_RTOL_DOUBLE,
                  ADCHECK_FLOOR_DOUBLE);
}

/* A float derivative (relative error < 1e-3). */
ADCHECK_UNUSED static void ad_check_f(const char *name, double got,
                                      double expected, double fd) {
  adcheck_compare(name, got, expected, fd, 1, ADCHECK_RTOL_FLOAT,
                  ADCHECK_FLOOR_FLOAT);
}

/* A value with no finite difference (a primal result, an untouched shadow, a
 * derivative that is identically zero). */
ADCHECK_UNUSED static void ad_check_eq(const char *name, double got,
                                       double expected) {
  adcheck_compare(name, got, expected, 0.0, 0, ADCHECK_RTOL_DOUBLE,
                  ADCHECK_FLOOR_DOUBLE);
}

ADCHECK_UNUSED static void ad_check_eq_f(const char *name, double got,
                                         double expected) {
  adcheck_compare(name, got, expected, 0.0, 0, ADCHECK_RTOL_FLOAT,
                  ADCHECK_FLOOR_FLOAT);
}

/* A value that must equal another exactly (the same computation done two
 * ways, e.g. a lane of a vector call and the scalar call). */
ADCHECK_UNUSED static void ad_check_exact(const char *name, double got,
                                          double expected) {
  printf("  %s: got % .17g  expected % .17g\n", name, got, expected);
  adcheck_record(name, got == expected, "differs (exact comparison)");
}

/* Central finite differences, 5-point stencil:
 *   f'(x) ~ (f(x-2h) - 8 f(x-h) + 8 f(x+h) - f(x+2h)) / (12 h). */
ADCHECK_UNUSED static double ad_fd_h(double (*f)(double), double x, double h) {
  return (f(x - 2 * h) - 8 * f(x - h) + 8 * f(x + h) - f(x + 2 * h)) / (12 * h);
}

ADCHECK_UNUSED static double ad_fd(double (*f)(double), double x) {
  double s = fabs(x) > 1 ? fabs(x) : 1;
  return ad_fd_h(f, x, ADCHECK_STEP_DOUBLE * s);
}

/* d f(x[0..n-1]) / d x[i]. */
ADCHECK_UNUSED static double ad_fdn(double (*f)(const double *),
                                    const double *x, int n, int i) {
  double a[ADCHECK_MAX_ARGS];
  double s = fabs(x[i]) > 1 ? fabs(x[i]) : 1;
  double h = ADCHECK_STEP_DOUBLE * s;
  double fm2, fm1, fp1, fp2;
  int k;
  if (n > ADCHECK_MAX_ARGS || i < 0 || i >= n)
    return NAN;
  for (k = 0; k < n; ++k)
    a[k] = x[k];
  a[i] = x[i] - 2 * h;
  fm2 = f(a);
  a[i] = x[i] - h;
  fm1 = f(a);
  a[i] = x[i] + h;
  fp1 = f(a);
  a[i] = x[i] + 2 * h;
  fp2 = f(a);
  return (fm2 - 8 * fm1 + 8 * fp1 - fp2) / (12 * h);
}

/* The same for float functions (evaluated in float, combined in double). */
ADCHECK_UNUSED static double ad_fdf(float (*f)(float), float x) {
  double s = fabs(x) > 1 ? fabs(x) : 1;
  float h = (float)(ADCHECK_STEP_FLOAT * s);
  float xm2 = x - 2 * h, xm1 = x - h, xp1 = x + h, xp2 = x + 2 * h;
  return ((double)f(xm2) - 8.0 * f(xm1) + 8.0 * f(xp1) - (double)f(xp2)) /
         (3.0 * ((double)xp2 - (double)xm2));
}

ADCHECK_UNUSED static double ad_fdnf(float (*f)(const float *), const float *x,
                                     int n, int i) {
  float a[ADCHECK_MAX_ARGS];
  double s = fabs(x[i]) > 1 ? fabs(x[i]) : 1;
  float h = (float)(ADCHECK_STEP_FLOAT * s);
  double fm2, fm1, fp1, fp2, span;
  int k;
  if (n > ADCHECK_MAX_ARGS || i < 0 || i >= n)
    return NAN;
  for (k = 0; k < n; ++k)
    a[k] = x[k];
  a[i] = x[i] - 2 * h;
  span = a[i];
  fm2 = f(a);
  a[i] = x[i] - h;
  fm1 = f(a);
  a[i] = x[i] + h;
  fp1 = f(a);
  a[i] = x[i] + 2 * h;
  span = (double)a[i] - span;
  fp2 = f(a);
  return (fm2 - 8 * fm1 + 8 * fp1 - fp2) / (3.0 * span);
}

/* Hides a value from the optimizer, so that a test exercises both constant
 * and run-time arguments. */
ADCHECK_UNUSED static double ad_opaque(double x) {
  volatile double v = x;
  return v;
}

ADCHECK_UNUSED static float ad_opaquef(float x) {
  volatile float v = x;
  return v;
}

/* Prints the summary; the program's exit status. */
ADCHECK_UNUSED static int ad_check_report(void) {
  printf("%d checks, %d failed\n", adcheck_total, adcheck_failed);
  if (adcheck_total == 0)
    printf("FAIL: no check ran\n");
  return adcheck_failed != 0 || adcheck_total == 0;
}

#endif /* ADPASS_TEST_ADCHECK_H */
