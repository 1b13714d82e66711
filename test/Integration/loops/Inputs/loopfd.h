/* loopfd.h: finite differences for the loop tests, whose arrays are larger
 * than adcheck.h's ad_fdn accepts (ADCHECK_MAX_ARGS).
 *
 *   lfd(f, x, i): d f(x) / d x[i], 5-point stencil as in ad_fdn. x is
 *   perturbed in place and restored exactly; f must not write to x (wrap a
 *   function that works in place so that it works on a copy).
 */
#ifndef ADPASS_TEST_LOOPFD_H
#define ADPASS_TEST_LOOPFD_H

#include "adcheck.h"

ADCHECK_UNUSED static double lfd(double (*f)(const double *), double *x,
                                 int i) {
  double orig = x[i];
  double s = fabs(orig) > 1 ? fabs(orig) : 1;
  double h = ADCHECK_STEP_DOUBLE * s;
  double fm2, fm1, fp1, fp2;
  x[i] = orig - 2 * h;
  fm2 = f(x);
  x[i] = orig - h;
  fm1 = f(x);
  x[i] = orig + h;
  fp1 = f(x);
  x[i] = orig + 2 * h;
  fp2 = f(x);
  x[i] = orig;
  return (fm2 - 8 * fm1 + 8 * fp1 - fp2) / (12 * h);
}

/* Checks every entry of a gradient array against an analytic array and the
 * finite differences of f. */
ADCHECK_UNUSED static void lfd_check_all(const char *name, const double *got,
                                         const double *expected,
                                         double (*f)(const double *), double *x,
                                         int n) {
  char buf[128];
  int i;
  for (i = 0; i < n; ++i) {
    snprintf(buf, sizeof buf, "%s[%d]", name, i);
    ad_check(buf, got[i], expected[i], lfd(f, x, i));
  }
}

/* In-place functions f(x, n) with a hand-written tangent t(x, dx, n) (dx
 * holds the input tangent on entry, the output tangent on exit). Given the
 * primal outputs and the gradient an in-place derivative produced from the
 * inputs x0 and the seed w, lfd_check_inplace checks the outputs, and each
 * gradient entry against w . J e_k (the tangent) and the finite difference of
 * w . f(x). At most LFD_INPLACE_MAX elements. */
#define LFD_INPLACE_MAX 64
typedef void (*lfd_inplace_fn)(double *, int);
typedef void (*lfd_tangent_fn)(double *, double *, int);
static lfd_inplace_fn lfd_prim;
static const double *lfd_w;
static int lfd_n;

ADCHECK_UNUSED static double lfd_weighted(const double *x0) {
  double x[LFD_INPLACE_MAX], s = 0;
  int i;
  for (i = 0; i < lfd_n; ++i)
    x[i] = x0[i];
  lfd_prim(x, lfd_n);
  for (i = 0; i < lfd_n; ++i)
    s += lfd_w[i] * x[i];
  return s;
}

ADCHECK_UNUSED static void
lfd_check_inplace(const char *name, lfd_inplace_fn prim, lfd_tangent_fn tan,
                  double *x0, int n, const double *w, const double *x_after,
                  const double *dx) {
  char buf[128];
  double x[LFD_INPLACE_MAX], t[LFD_INPLACE_MAX];
  int i, k;
  if (n > LFD_INPLACE_MAX) {
    adcheck_record(name, 0, "too many elements for lfd_check_inplace");
    return;
  }
  lfd_prim = prim;
  lfd_w = w;
  lfd_n = n;
  for (i = 0; i < n; ++i)
    x[i] = x0[i];
  prim(x, n);
  for (i = 0; i < n; ++i) {
    snprintf(buf, sizeof buf, "%s x[%d] written", name, i);
    ad_check_eq(buf, x_after[i], x[i]);
  }
  for (k = 0; k < n; ++k) {
    double e = 0;
    for (i = 0; i < n; ++i) {
      x[i] = x0[i];
      t[i] = i == k;
    }
    tan(x, t, n);
    for (i = 0; i < n; ++i)
      e += w[i] * t[i];
    snprintf(buf, sizeof buf, "%s dx[%d]", name, k);
    ad_check(buf, dx[k], e, lfd(lfd_weighted, x0, k));
  }
}

#endif /* ADPASS_TEST_LOOPFD_H */
