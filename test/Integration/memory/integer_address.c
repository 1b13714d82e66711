// Pointers computed through integers: an element address as
// (uintptr_t)x + 8 i, a buffer aligned by hand with a mask
// ((p + 63) & ~63) inside an over-allocated local block, and the same
// through a heap block. The address keeps pointing into its object, so its
// shadow is the object's shadow at the same byte offset (the shadow's own
// alignment does not matter).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
// RUN: %clang -O0 -gdwarf-4 %s -o %t.vg0 -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg0
#include "../loops/Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#define N 7

/* sum_i x[i]^3 with x[i] read through an integer address. */
double cubes(const double *x, int n) {
  uintptr_t a = (uintptr_t)x;
  double s = 0;
  for (int i = 0; i < n; ++i) {
    const double *p = (const double *)(a + i * sizeof(double));
    s += *p * *p * *p;
  }
  return s;
}

/* A 64-byte aligned window of a local block: w[i] = sin(x[i]);
 * s = sum w[i] w[(i + 1) % n]. */
double window(const double *x) {
  char raw[N * sizeof(double) + 64];
  double *w = (double *)(((uintptr_t)raw + 63) & ~(uintptr_t)63);
  for (int i = 0; i < N; ++i)
    w[i] = sin(x[i]);
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += w[i] * w[(i + 1) % N];
  return s;
}

/* The same window in a heap block. */
double heap_window(const double *x, int n) {
  char *raw = malloc(n * sizeof(double) + 64);
  double *w = (double *)(((uintptr_t)raw + 63) & ~(uintptr_t)63);
  for (int i = 0; i < n; ++i)
    w[i] = sin(x[i]);
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += w[i] * w[(i + 1) % n];
  free(raw);
  return s;
}

static double cubes_w(const double *x) { return cubes(x, N); }
static double window_w(const double *x) { return window(x); }
static double heap_w(const double *x) { return heap_window(x, N); }

int main(void) {
  double x[N], dx[N], e[N];
  int i;
  for (i = 0; i < N; ++i) {
    x[i] = 0.4 + 0.1 * i;
    dx[i] = 0;
  }
  __ad_autodiff((void *)cubes, ad_dup, x, dx, (int)ad_opaque(N));
  for (i = 0; i < N; ++i)
    e[i] = 3 * x[i] * x[i];
  lfd_check_all("cubes dx", dx, e, cubes_w, x, N);

  for (i = 0; i < N; ++i) {
    int p = (i + N - 1) % N, q = (i + 1) % N;
    e[i] = cos(x[i]) * (sin(x[q]) + sin(x[p]));
    dx[i] = 0;
  }
  __ad_autodiff((void *)window, ad_dup, x, dx);
  lfd_check_all("window dx", dx, e, window_w, x, N);

  for (i = 0; i < N; ++i)
    dx[i] = 0;
  __ad_autodiff((void *)heap_window, ad_dup, x, dx, (int)ad_opaque(N));
  lfd_check_all("heap_window dx", dx, e, heap_w, x, N);
  return ad_check_report();
}
