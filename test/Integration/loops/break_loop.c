// `break` out of a loop: on a data test before and after the loop-carried
// update, and from an inner loop of a nest (the outer loop continues).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 8

/* Product of the entries before the first one above the threshold. */
double prod_until(const double *x, int n) {
  double p = 1;
  for (int i = 0; i < n; ++i) {
    if (x[i] > 2.0)
      break;
    p *= sin(x[i]) + 1.5;
  }
  return p;
}

/* The test follows the update: the breaking iteration contributes. */
double accum_then_test(const double *x, int n) {
  double s = 0.5;
  for (int i = 0; i < n; ++i) {
    s = s * x[i] + x[i] * x[i];
    if (s > 3.0)
      break;
  }
  return s;
}

/* Rows of a 4x4 matrix summed up to (excluding) their first negative entry. */
double rows_until_negative(const double *a) {
  double s = 0;
  for (int i = 0; i < 4; ++i) {
    double r = 0;
    for (int j = 0; j < 4; ++j) {
      if (a[4 * i + j] < 0)
        break;
      r += a[4 * i + j] * a[4 * i + j];
    }
    s += sqrt(r + 1.0);
  }
  return s;
}

static double prod_a(const double *x) { return prod_until(x, N); }
static double accum_a(const double *x) { return accum_then_test(x, N); }

int main(void) {
  double x[N] = {0.3, -0.7, 1.1, 0.2, 2.5, 0.9, 3.0, 0.4};
  double dx[N], ex[N];
  double y[N] = {0.8, 1.1, 0.8, 1.3, 1.2, 0.7, 1.0, 1.4};
  double a[16] = {0.5,  1.0, -1.0, 2.0,   /* stops at j = 2 */
                  -0.3, 1.0, 1.0,  1.0,   /* stops at j = 0 */
                  0.2,  0.4, 0.6,  0.8,   /* no break */
                  1.5,  0.1, 0.2,  -2.0}; /* stops at j = 3 */
  double da[16] = {0}, ea[16] = {0};
  int i, j, k;
  double p, s;

  /* Breaks at i = 4. */
  p = prod_until(x, N);
  for (i = 0; i < N; ++i) {
    dx[i] = 0;
    ex[i] = i < 4 ? p / (sin(x[i]) + 1.5) * cos(x[i]) : 0;
  }
  __ad_autodiff((void *)prod_until, ad_dup, x, dx, N);
  lfd_check_all("prod_until dx", dx, ex, prod_a, x, N);

  /* Breaks at some i (computed here with the tangent). */
  {
    double tan_s[N] = {0};
    s = 0.5;
    for (i = 0; i < N; ++i) {
      /* d s_new / d x[k] = x[i] d s / d x[k] (+ s + 2 x[i] for k = i). */
      for (k = 0; k < i; ++k)
        tan_s[k] *= y[i];
      tan_s[i] = s + 2 * y[i];
      s = s * y[i] + y[i] * y[i];
      if (s > 3.0)
        break;
    }
    printf("accum_then_test breaks at i = %d, s = %g\n", i, s);
    for (k = 0; k < N; ++k) {
      dx[k] = 0;
      ex[k] = tan_s[k];
    }
  }
  __ad_autodiff((void *)accum_then_test, ad_dup, y, dx, (int)ad_opaque(N));
  lfd_check_all("accum_then_test dy", dx, ex, accum_a, y, N);

  for (i = 0; i < 4; ++i) {
    double r = 0;
    for (j = 0; j < 4 && a[4 * i + j] >= 0; ++j)
      r += a[4 * i + j] * a[4 * i + j];
    for (k = 0; k < j; ++k)
      ea[4 * i + k] = a[4 * i + k] / sqrt(r + 1.0);
  }
  __ad_autodiff((void *)rows_until_negative, ad_dup, a, da);
  lfd_check_all("rows_until_negative da", da, ea, rows_until_negative, a, 16);
  return ad_check_report();
}
