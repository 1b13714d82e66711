// Arrays overwritten in place through an ad_dup pointer: x[i] = f(x[i]), the
// same element written several times across iterations (x[0] updated by
// every iteration, x[i % 3], a sweep repeated by an outer loop). The shadow
// holds the seed on entry and the gradient on exit. The references are
// hand-written tangents, one direction per input.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

#define N 8

void sin_times(double *x, int n) {
  for (int i = 0; i < n; ++i)
    x[i] = sin(x[i]) * x[i];
}

/* x[0] is read and written by every iteration. */
void fold_into_first(double *x, int n) {
  for (int i = 1; i < n; ++i)
    x[0] = x[0] * x[i] + sin(x[i]);
}

/* x[0..2] are each written about n / 3 times. */
void fold_mod3(double *x, int n) {
  for (int i = 3; i < n; ++i)
    x[i % 3] = x[i % 3] * 0.5 + x[i] * x[i % 3] * x[i % 3];
}

/* Every element rewritten by each of `sweeps` passes. */
void repeated_sweeps(double *x, int n, int sweeps) {
  for (int s = 0; s < sweeps; ++s)
    for (int i = 0; i < n; ++i)
      x[i] = sin(x[i]) + 0.5 * x[i];
}

/* Tangents: t holds dx on entry and d(result) on exit. */
static void sin_times_t(double *x, double *t, int n) {
  for (int i = 0; i < n; ++i) {
    t[i] = (cos(x[i]) * x[i] + sin(x[i])) * t[i];
    x[i] = sin(x[i]) * x[i];
  }
}
static void fold_into_first_t(double *x, double *t, int n) {
  for (int i = 1; i < n; ++i) {
    t[0] = t[0] * x[i] + x[0] * t[i] + cos(x[i]) * t[i];
    x[0] = x[0] * x[i] + sin(x[i]);
  }
}
static void fold_mod3_t(double *x, double *t, int n) {
  for (int i = 3; i < n; ++i) {
    int k = i % 3;
    t[k] = t[k] * 0.5 + t[i] * x[k] * x[k] + 2 * x[i] * x[k] * t[k];
    x[k] = x[k] * 0.5 + x[i] * x[k] * x[k];
  }
}
static int g_sweeps = 3;
static void repeated_sweeps_t(double *x, double *t, int n) {
  for (int s = 0; s < g_sweeps; ++s)
    for (int i = 0; i < n; ++i) {
      t[i] = (cos(x[i]) + 0.5) * t[i];
      x[i] = sin(x[i]) + 0.5 * x[i];
    }
}
static void repeated_sweeps_n(double *x, int n) {
  repeated_sweeps(x, n, g_sweeps);
}

static double g_w[N];

int main(void) {
  double x0[N] = {0.5, -1.2, 0.8, 1.5, -0.3, 0.1, 0.9, -0.7};
  double x[N], dx[N];
  int i;

  for (i = 0; i < N; ++i)
    g_w[i] = 1.0 - 0.3 * i;

  memcpy(x, x0, sizeof x);
  memcpy(dx, g_w, sizeof dx);
  __ad_autodiff((void *)sin_times, ad_dup, x, dx, N);
  lfd_check_inplace("sin_times", sin_times, sin_times_t, x0, N, g_w, x, dx);

  memcpy(x, x0, sizeof x);
  memcpy(dx, g_w, sizeof dx);
  __ad_autodiff((void *)fold_into_first, ad_dup, x, dx, (int)ad_opaque(N));
  lfd_check_inplace("fold_into_first", fold_into_first, fold_into_first_t, x0,
                    N, g_w, x, dx);

  memcpy(x, x0, sizeof x);
  memcpy(dx, g_w, sizeof dx);
  __ad_autodiff((void *)fold_mod3, ad_dup, x, dx, N);
  lfd_check_inplace("fold_mod3", fold_mod3, fold_mod3_t, x0, N, g_w, x, dx);

  memcpy(x, x0, sizeof x);
  memcpy(dx, g_w, sizeof dx);
  __ad_autodiff((void *)repeated_sweeps, ad_dup, x, dx, N, g_sweeps);
  lfd_check_inplace("repeated_sweeps", repeated_sweeps_n, repeated_sweeps_t, x0,
                    N, g_w, x, dx);
  return ad_check_report();
}
