// `for` loops: a dot product with sin, s = sum sin(x[i]) y[i], with x ad_dup
// and y, n ad_const (then y ad_dup too), and the same reduction written with
// other loop shapes: counting down, stride 2, a size_t index, a pointer walk.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stddef.h>

#define N 9

double dot_sin(const double *x, const double *y, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += sin(x[i]) * y[i];
  return s;
}

double dot_down(const double *x, const double *y, int n) {
  double s = 0;
  for (int i = n - 1; i >= 0; --i)
    s += sin(x[i]) * y[i];
  return s;
}

/* Odd indices only. */
double dot_stride2(const double *x, const double *y, int n) {
  double s = 0;
  for (int i = 1; i < n; i += 2)
    s += sin(x[i]) * y[i];
  return s;
}

double dot_size_t(const double *x, const double *y, size_t n) {
  double s = 0;
  for (size_t i = 0; i < n; ++i)
    s += sin(x[i]) * y[i];
  return s;
}

double dot_ptr(const double *x, const double *y, int n) {
  double s = 0;
  const double *end = x + n;
  for (const double *p = x; p != end; ++p, ++y)
    s += sin(*p) * *y;
  return s;
}

static double g_y[N], g_x[N];
static int g_n = N;
static double dot_x(const double *x) { return dot_sin(x, g_y, g_n); }
static double dot_y(const double *y) { return dot_sin(g_x, y, g_n); }
static double stride2_x(const double *x) { return dot_stride2(x, g_y, g_n); }

int main(void) {
  double x[N], y[N], dx[N], dy[N], ex[N], ey[N];
  int i, n = N;
  char name[64];

  for (i = 0; i < N; ++i) {
    g_x[i] = x[i] = 0.3 * i - 1.1;
    g_y[i] = y[i] = 1.0 / (1 + i) - 0.4;
  }

  /* x dup (shadow accumulated into), y and n const. */
  for (i = 0; i < N; ++i)
    dx[i] = 0.25;
  __ad_autodiff((void *)dot_sin, ad_dup, x, dx, ad_const, y, ad_const, n);
  for (i = 0; i < N; ++i) {
    snprintf(name, sizeof name, "dot dx[%d] - 0.25 (+=)", i);
    ad_check(name, dx[i] - 0.25, cos(x[i]) * y[i], lfd(dot_x, x, i));
  }

  /* Run-time trip count. */
  g_n = n = (int)ad_opaque(6);
  for (i = 0; i < N; ++i) {
    dx[i] = 0;
    ex[i] = i < n ? cos(x[i]) * y[i] : 0;
  }
  __ad_autodiff((void *)dot_sin, ad_dup, x, dx, ad_const, y, ad_const, n);
  lfd_check_all("dot n=6 dx", dx, ex, dot_x, x, N);
  g_n = n = N;

  /* Both dup. */
  for (i = 0; i < N; ++i) {
    dx[i] = dy[i] = 0;
    ex[i] = cos(x[i]) * y[i];
    ey[i] = sin(x[i]);
  }
  ad_check_eq("dot both dup, no active scalar (returns 0)",
              __ad_autodiff((void *)dot_sin, ad_dup, x, dx, ad_dup, y, dy, n),
              0.0);
  lfd_check_all("dot both dx", dx, ex, dot_x, x, N);
  lfd_check_all("dot both dy", dy, ey, dot_y, y, N);

  /* Other loop shapes: same gradient. */
  for (i = 0; i < N; ++i)
    dx[i] = 0;
  __ad_autodiff((void *)dot_down, ad_dup, x, dx, ad_const, y, n);
  for (i = 0; i < N; ++i) {
    snprintf(name, sizeof name, "down dx[%d]", i);
    ad_check(name, dx[i], ex[i], lfd(dot_x, x, i));
  }
  for (i = 0; i < N; ++i)
    dx[i] = 0;
  __ad_autodiff((void *)dot_size_t, ad_dup, x, dx, ad_const, y, (size_t)n);
  for (i = 0; i < N; ++i) {
    snprintf(name, sizeof name, "size_t dx[%d]", i);
    ad_check(name, dx[i], ex[i], lfd(dot_x, x, i));
  }
  for (i = 0; i < N; ++i)
    dx[i] = 0;
  __ad_autodiff((void *)dot_ptr, ad_dup, x, dx, ad_const, y, n);
  for (i = 0; i < N; ++i) {
    snprintf(name, sizeof name, "pointer walk dx[%d]", i);
    ad_check(name, dx[i], ex[i], lfd(dot_x, x, i));
  }
  for (i = 0; i < N; ++i) {
    dx[i] = 0;
    ex[i] = i % 2 ? cos(x[i]) * y[i] : 0;
  }
  __ad_autodiff((void *)dot_stride2, ad_dup, x, dx, ad_const, y, n);
  lfd_check_all("stride 2 dx", dx, ex, stride2_x, x, N);
  return ad_check_report();
}
