// A helper returning a pointer into its input (double *pick(double *x, int
// i) { return x + i; }) used inside the differentiated function, to read and
// to write: the returned pointer has the shadow x's shadow + i. The helper is
// static (inlined anywhere) or noinline, and one version picks between two
// arrays.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
#include "../loops/Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

#define N 5

static double *pick(double *x, int i) { return x + i; }
__attribute__((noinline)) double *pick_ni(double *x, int i) { return &x[i]; }
__attribute__((noinline)) double *larger(double *a, double *b) {
  return *a > *b ? a : b;
}

/* x[1] x[3] + sin(x[i]) */
double use_pick(double *x, int i) {
  return *pick(x, 1) * *pick(x, 3) + sin(*pick_ni(x, i));
}

/* In place: x[j] = x[j]^2 through the returned pointer, for every j. */
void square_all(double *x, int n) {
  for (int j = 0; j < n; ++j) {
    double *p = pick_ni(x, j);
    *p = *p * *p;
  }
}

/* The larger of x[0], y[0], times x[1]. */
double use_larger(double *x, double *y) { return *larger(x, y) * x[1]; }

static double use_pick_w(const double *x) {
  double c[N];
  memcpy(c, x, sizeof c);
  return use_pick(c, 2);
}
static void square_all_t(double *x, double *t, int n) {
  for (int j = 0; j < n; ++j) {
    t[j] *= 2 * x[j];
    x[j] *= x[j];
  }
}
static double use_larger_w(const double *a) {
  double x[2] = {a[0], a[1]}, y[1] = {a[2]};
  return use_larger(x, y);
}

int main(void) {
  double x0[N], x[N], dx[N], e[N], w[N];
  int i;
  for (i = 0; i < N; ++i) {
    x0[i] = x[i] = 0.6 * i - 1.1;
    dx[i] = 0;
    w[i] = 2.0 - 0.5 * i;
  }

  __ad_autodiff((void *)use_pick, ad_dup, x, dx, (int)ad_opaque(2));
  for (i = 0; i < N; ++i)
    e[i] = 0;
  e[1] = x[3];
  e[3] = x[1];
  e[2] = cos(x[2]);
  lfd_check_all("use_pick dx", dx, e, use_pick_w, x, N);

  memcpy(dx, w, sizeof dx);
  __ad_autodiff((void *)square_all, ad_dup, x, dx, (int)ad_opaque(N));
  lfd_check_inplace("square_all", square_all, square_all_t, x0, N, w, x, dx);

  {
    double a[3] = {0.5, -2.0, 0.25}, xx[2] = {0.5, -2.0}, yy[1] = {0.25};
    double dxx[2] = {0, 0}, dyy[1] = {0};
    __ad_autodiff((void *)use_larger, ad_dup, xx, dxx, ad_dup, yy, dyy);
    ad_check("use_larger dx0", dxx[0], -2.0, ad_fdn(use_larger_w, a, 3, 0));
    ad_check("use_larger dx1", dxx[1], 0.5, ad_fdn(use_larger_w, a, 3, 1));
    ad_check_eq("use_larger dy0", dyy[0], 0.0);
    a[2] = yy[0] = 1.5;
    dxx[0] = dxx[1] = 0;
    __ad_autodiff((void *)use_larger, ad_dup, xx, dxx, ad_dup, yy, dyy);
    ad_check_eq("use_larger (y) dx0", dxx[0], 0.0);
    ad_check("use_larger (y) dx1", dxx[1], 1.5, ad_fdn(use_larger_w, a, 3, 1));
    ad_check("use_larger (y) dy0", dyy[0], -2.0, ad_fdn(use_larger_w, a, 3, 2));
  }
  return ad_check_report();
}
