// posix_memalign of a buffer that receives active values: the shadow gets
// the same alignment (the vectorized reverse loops access it with aligned
// vector instructions at -O3), is found through the shadow of the pointer
// slot, and is freed with the block at the end of the reverse sweep.
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

#define N 12

/* b[i] = exp(x[i]) * x[(i + 1) % n]; s = sum b[i]^2. */
double aligned(const double *x, int n) {
  double *b;
  if (posix_memalign((void **)&b, 64, n * sizeof(double)) != 0)
    return 0;
  for (int i = 0; i < n; ++i)
    b[i] = exp(x[i]) * x[(i + 1) % n];
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += b[i] * b[i];
  free(b);
  return s;
}

/* A block from aligned_alloc, read with its alignment assumed. */
double aligned2(const double *x, int n) {
  double *b = aligned_alloc(64, 64 * ((n * sizeof(double) + 63) / 64));
  double *a = __builtin_assume_aligned(b, 64);
  for (int i = 0; i < n; ++i)
    a[i] = sin(x[i]);
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += a[i] * x[i];
  free(b);
  return s;
}

static double aligned_w(const double *x) { return aligned(x, N); }
static double aligned2_w(const double *x) { return aligned2(x, N); }

int main(void) {
  double x[N], dx[N], e[N];
  int i;
  for (i = 0; i < N; ++i) {
    x[i] = 0.2 + 0.05 * i;
    dx[i] = 0;
  }
  __ad_autodiff((void *)aligned, ad_dup, x, dx, (int)ad_opaque(N));
  for (i = 0; i < N; ++i) {
    int p = (i + N - 1) % N, q = (i + 1) % N;
    double bi = exp(x[i]) * x[q], bp = exp(x[p]) * x[i];
    e[i] = 2 * bi * bi + 2 * bp * exp(x[p]);
  }
  lfd_check_all("posix_memalign dx", dx, e, aligned_w, x, N);

  for (i = 0; i < N; ++i)
    dx[i] = 0;
  __ad_autodiff((void *)aligned2, ad_dup, x, dx, (int)ad_opaque(N));
  for (i = 0; i < N; ++i)
    e[i] = cos(x[i]) * x[i] + sin(x[i]);
  lfd_check_all("aligned_alloc dx", dx, e, aligned2_w, x, N);
  return ad_check_report();
}
