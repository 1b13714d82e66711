// `continue` and `switch` inside loops: skipped iterations contribute
// nothing; a switch on the index selects the active expression; a switch
// on data computed in the loop.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 9

double skip_small(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    if (fabs(x[i]) < 0.5)
      continue;
    s += x[i] * x[i] * x[i];
    if (i % 4 == 3)
      continue;
    s += sin(x[i]);
  }
  return s;
}

double by_case(const double *x, int n) {
  double s = 1.0;
  for (int i = 0; i < n; ++i) {
    switch (i % 3) {
    case 0:
      s = s * x[i];
      break;
    case 1:
      s = s + exp(x[i]);
      break;
    default:
      s = s - x[i] * s;
      break;
    }
  }
  return s;
}

/* The case is the integer part of a value computed from the data. */
double by_bucket(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    double v = x[i] * x[i];
    switch ((int)v) {
    case 0:
      s += v;
      break;
    case 1:
      s += 2.0 * sqrt(v);
      break;
    default:
      s += log(v);
      break;
    }
  }
  return s;
}

static double skip_a(const double *x) { return skip_small(x, N); }
static double case_a(const double *x) { return by_case(x, N); }
static double bucket_a(const double *x) { return by_bucket(x, N); }

int main(void) {
  double x[N] = {0.7, -0.3, 1.3, -0.9, 0.2, 1.7, -1.1, 0.6, 2.5};
  double dx[N] = {0}, e[N];
  int i, k;

  for (i = 0; i < N; ++i)
    e[i] =
        fabs(x[i]) < 0.5 ? 0 : 3 * x[i] * x[i] + (i % 4 == 3 ? 0 : cos(x[i]));
  __ad_autodiff((void *)skip_small, ad_dup, x, dx, N);
  lfd_check_all("skip_small dx", dx, e, skip_a, x, N);

  /* Tangent of by_case, forward. */
  {
    double s = 1.0, t[N] = {0};
    for (i = 0; i < N; ++i) {
      switch (i % 3) {
      case 0:
        for (k = 0; k < i; ++k)
          t[k] *= x[i];
        t[i] = s;
        s *= x[i];
        break;
      case 1:
        t[i] = exp(x[i]);
        s += exp(x[i]);
        break;
      default:
        for (k = 0; k < i; ++k)
          t[k] *= 1 - x[i];
        t[i] = -s;
        s -= x[i] * s;
        break;
      }
    }
    for (i = 0; i < N; ++i) {
      dx[i] = 0;
      e[i] = t[i];
    }
  }
  __ad_autodiff((void *)by_case, ad_dup, x, dx, (int)ad_opaque(N));
  lfd_check_all("by_case dx", dx, e, case_a, x, N);

  for (i = 0; i < N; ++i) {
    double v = x[i] * x[i];
    dx[i] = 0;
    e[i] = (int)v == 0   ? 2 * x[i]
           : (int)v == 1 ? 2 * x[i] / fabs(x[i])
                         : 2 / x[i];
    printf("bucket %d: v = %g\n", i, v);
  }
  __ad_autodiff((void *)by_bucket, ad_dup, x, dx, N);
  lfd_check_all("by_bucket dx", dx, e, bucket_a, x, N);
  return ad_check_report();
}
