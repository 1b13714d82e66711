// An early `return` from inside a loop (and from an inner loop of a nest):
// the gradient must follow whichever exit was taken.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 6

/* Horner-like recurrence; returns early (with a different expression) once
 * the running value exceeds a limit. */
double horner_limit(const double *x, int n, double limit) {
  double s = 1.0;
  for (int i = 0; i < n; ++i) {
    s = s * x[i] + 1.0;
    if (s > limit)
      return 2.0 * s + x[0];
  }
  return s * s;
}

/* Searches a row-major n x n matrix for its first entry above 1 and returns
 * a function of it; otherwise the sum of the diagonal squares. */
double first_big(const double *a, int n) {
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (a[i * n + j] > 1.0)
        return exp(a[i * n + j]) * a[0];
  double d = 0;
  for (int i = 0; i < n; ++i)
    d += a[i * n + i] * a[i * n + i];
  return d;
}

static double g_limit;
static double horner_a(const double *x) { return horner_limit(x, N, g_limit); }
static double first_big_a(const double *a) { return first_big(a, 3); }

static void horner_expected(const double *x, double limit, double *e) {
  /* Tangents of s w.r.t. each x[k], forward. */
  double t[N] = {0}, s = 1.0;
  int i, k;
  for (i = 0; i < N; ++i) {
    for (k = 0; k < i; ++k)
      t[k] *= x[i];
    t[i] = s;
    s = s * x[i] + 1.0;
    if (s > limit) {
      printf("returns from iteration %d\n", i);
      for (k = 0; k < N; ++k)
        e[k] = 2.0 * t[k] + (k == 0);
      return;
    }
  }
  printf("falls through\n");
  for (k = 0; k < N; ++k)
    e[k] = 2 * s * t[k];
}

int main(void) {
  double x[N] = {1.5, 0.8, 2.0, -0.4, 1.2, 0.9};
  double dx[N], ex[N];
  double a[9] = {0.2, -0.5, 0.7, 0.3, 1.8, 0.1, 2.5, 0.4, 0.6};
  double da[9] = {0}, ea[9] = {0};
  double limits[3] = {2.8, 6.0, 100.0};
  int i, l;
  char name[64];

  /* s: 2.5, 3.0, 7.0, -1.8, -1.16, -0.044: returns from iteration 1, from
     iteration 2, falls through. */
  for (l = 0; l < 3; ++l) {
    g_limit = limits[l];
    horner_expected(x, g_limit, ex);
    for (i = 0; i < N; ++i)
      dx[i] = 0;
    __ad_autodiff((void *)horner_limit, ad_dup, x, dx, N, ad_const,
                  ad_opaque(g_limit));
    for (i = 0; i < N; ++i) {
      snprintf(name, sizeof name, "horner limit %g dx[%d]", g_limit, i);
      ad_check(name, dx[i], ex[i], lfd(horner_a, x, i));
    }
  }

  /* a[4] = 1.8 is found first. */
  ea[4] = exp(a[4]) * a[0];
  ea[0] = exp(a[4]);
  __ad_autodiff((void *)first_big, ad_dup, a, da, 3);
  lfd_check_all("first_big da", da, ea, first_big_a, a, 9);

  /* None above 1: the code after the nest runs. */
  a[4] = 0.9;
  a[6] = -0.3;
  for (i = 0; i < 9; ++i)
    da[i] = ea[i] = 0;
  for (i = 0; i < 3; ++i)
    ea[4 * i] = 2 * a[4 * i];
  __ad_autodiff((void *)first_big, ad_dup, a, da, (int)ad_opaque(3));
  lfd_check_all("first_big (none) da", da, ea, first_big_a, a, 9);
  return ad_check_report();
}
