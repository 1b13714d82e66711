// Loops with if/else inside: branches on the data, on the index (parity, a
// given index), and on a loop-carried value, with different active
// expressions in each arm.
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

double by_sign(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    if (x[i] > 0)
      s += x[i] * x[i];
    else
      s -= sin(x[i]);
  }
  return s;
}

double by_index(const double *x, int n, int k) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    if (i % 2)
      s += x[i] * x[i - 1];
    else if (i == k)
      s += exp(x[i]);
    else
      s += 3.0 * x[i];
  }
  return s;
}

/* The branch depends on the loop-carried value (a clipped recurrence). */
double clipped(const double *x, int n) {
  double s = 0.5;
  for (int i = 0; i < n; ++i) {
    double t = s + x[i];
    if (t > 1.0)
      s = 1.0 + 0.1 * log(t);
    else
      s = t * t;
  }
  return s;
}

static int g_k = 4;
static double by_sign_a(const double *x) { return by_sign(x, N); }
static double by_index_a(const double *x) { return by_index(x, N, g_k); }
static double clipped_a(const double *x) { return clipped(x, N); }

int main(void) {
  double x[N] = {0.7, -0.4, 1.3, -2.1, 0.2, 0.9, -0.6, 1.6};
  double y[N] = {0.6, 0.3, -0.2, 0.5, 0.9, -1.5, 0.4, 0.3};
  double dx[N] = {0}, ex[N] = {0};
  int i;

  for (i = 0; i < N; ++i)
    ex[i] = x[i] > 0 ? 2 * x[i] : -cos(x[i]);
  __ad_autodiff((void *)by_sign, ad_dup, x, dx, N);
  lfd_check_all("by_sign dx", dx, ex, by_sign_a, x, N);

  for (i = 0; i < N; ++i) {
    dx[i] = 0;
    if (i % 2)
      ex[i] = x[i - 1];
    else
      ex[i] = (i == g_k ? exp(x[i]) : 3.0) + (i + 1 < N ? x[i + 1] : 0);
  }
  __ad_autodiff((void *)by_index, ad_dup, x, dx, N, (int)ad_opaque(g_k));
  lfd_check_all("by_index dx", dx, ex, by_index_a, x, N);

  /* Tangent of clipped, forward, over y. */
  {
    double s = 0.5, t[N] = {0};
    int k;
    for (i = 0; i < N; ++i) {
      double u = s + y[i], f;
      /* d s_new / d (s or y[i]) */
      f = u > 1.0 ? 0.1 / u : 2 * u;
      printf("clipped i=%d: t=%g (%s)\n", i, u, u > 1.0 ? "log" : "square");
      for (k = 0; k < i; ++k)
        t[k] *= f;
      t[i] = f;
      s = u > 1.0 ? 1.0 + 0.1 * log(u) : u * u;
    }
    for (k = 0; k < N; ++k) {
      dx[k] = 0;
      ex[k] = t[k];
    }
  }
  __ad_autodiff((void *)clipped, ad_dup, y, dx, N);
  lfd_check_all("clipped dy", dx, ex, clipped_a, y, N);
  return ad_check_report();
}
