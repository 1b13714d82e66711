// Recurrences over an array updated in place: x[i] = x[i-1] * 0.5 + x[i],
// x[i] += x[i-1] (prefix sums), a nonlinear x[i] = sin(x[i-1]) * x[i], and a
// backward sweep x[i] = x[i] * x[i+1] + x[i]. Each iteration reads the value
// the previous one wrote.
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

#define N 9

void half_rec(double *x, int n) {
  for (int i = 1; i < n; ++i)
    x[i] = x[i - 1] * 0.5 + x[i];
}

void prefix_sum(double *x, int n) {
  for (int i = 1; i < n; ++i)
    x[i] += x[i - 1];
}

void sin_rec(double *x, int n) {
  for (int i = 1; i < n; ++i)
    x[i] = sin(x[i - 1]) * x[i];
}

void backward_rec(double *x, int n) {
  for (int i = n - 2; i >= 0; --i)
    x[i] = x[i] * x[i + 1] + x[i];
}

static void half_rec_t(double *x, double *t, int n) {
  for (int i = 1; i < n; ++i) {
    t[i] = t[i - 1] * 0.5 + t[i];
    x[i] = x[i - 1] * 0.5 + x[i];
  }
}
static void prefix_sum_t(double *x, double *t, int n) {
  for (int i = 1; i < n; ++i) {
    t[i] += t[i - 1];
    x[i] += x[i - 1];
  }
}
static void sin_rec_t(double *x, double *t, int n) {
  for (int i = 1; i < n; ++i) {
    t[i] = cos(x[i - 1]) * t[i - 1] * x[i] + sin(x[i - 1]) * t[i];
    x[i] = sin(x[i - 1]) * x[i];
  }
}
static void backward_rec_t(double *x, double *t, int n) {
  for (int i = n - 2; i >= 0; --i) {
    t[i] = t[i] * x[i + 1] + x[i] * t[i + 1] + t[i];
    x[i] = x[i] * x[i + 1] + x[i];
  }
}

int main(void) {
  double x0[N] = {0.5, -1.2, 0.8, 1.5, -0.3, 0.1, 0.9, -0.7, 1.1};
  double w[N], x[N], dx[N], e[N];
  int i, k;

  for (i = 0; i < N; ++i)
    w[i] = 1.0 - 0.2 * i;

  memcpy(x, x0, sizeof x);
  memcpy(dx, w, sizeof dx);
  __ad_autodiff((void *)half_rec, ad_dup, x, dx, N);
  lfd_check_inplace("half_rec", half_rec, half_rec_t, x0, N, w, x, dx);
  /* Closed form: dx[k] = sum_{i >= k} w[i] 0.5^(i-k). */
  for (k = 0; k < N; ++k) {
    e[k] = 0;
    for (i = k; i < N; ++i)
      e[k] += w[i] * pow(0.5, i - k);
  }
  for (k = 0; k < N; ++k)
    ad_check_eq("half_rec closed form", dx[k], e[k]);

  memcpy(x, x0, sizeof x);
  memcpy(dx, w, sizeof dx);
  __ad_autodiff((void *)prefix_sum, ad_dup, x, dx, (int)ad_opaque(N));
  lfd_check_inplace("prefix_sum", prefix_sum, prefix_sum_t, x0, N, w, x, dx);
  /* Closed form: dx[k] = sum_{i >= k} w[i]. */
  for (k = 0; k < N; ++k) {
    e[k] = 0;
    for (i = k; i < N; ++i)
      e[k] += w[i];
    ad_check_eq("prefix_sum closed form", dx[k], e[k]);
  }

  memcpy(x, x0, sizeof x);
  memcpy(dx, w, sizeof dx);
  __ad_autodiff((void *)sin_rec, ad_dup, x, dx, N);
  lfd_check_inplace("sin_rec", sin_rec, sin_rec_t, x0, N, w, x, dx);

  memcpy(x, x0, sizeof x);
  memcpy(dx, w, sizeof dx);
  __ad_autodiff((void *)backward_rec, ad_dup, x, dx, N);
  lfd_check_inplace("backward_rec", backward_rec, backward_rec_t, x0, N, w, x,
                    dx);
  return ad_check_report();
}
