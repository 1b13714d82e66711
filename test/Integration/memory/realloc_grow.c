// realloc of memory holding active values inside the differentiated
// function: a buffer grown by doubling while values are pushed (the old
// block's pointer dies at each realloc; the reverse sweep moves the
// adjoints of the kept elements back into the old shadows), a block shrunk
// by realloc, and realloc(NULL, n). The frees of the final blocks are the
// function's own.
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
#include <stdlib.h>

#define N 9

/* push x[i]^2 into a doubling buffer; s = sum_i (i + 1) sin(buf[i]). */
double grow(const double *x, int n) {
  int cap = 1, len = 0;
  double *buf = malloc(cap * sizeof(double));
  for (int i = 0; i < n; ++i) {
    if (len == cap) {
      cap *= 2;
      buf = realloc(buf, cap * sizeof(double));
    }
    buf[len++] = x[i] * x[i];
  }
  double s = 0;
  for (int i = 0; i < len; ++i)
    s += sin(buf[i]) * (i + 1);
  free(buf);
  return s;
}

/* t = {x0 x1, x1 + x2, x2^2}, shrunk to two elements, then grown from
 * nothing: r = t[0] t[1] + u[0], u = realloc(NULL) holding t[1] x0. */
double shrink(const double *x) {
  double *t = malloc(3 * sizeof(double));
  t[0] = x[0] * x[1];
  t[1] = x[1] + x[2];
  t[2] = x[2] * x[2];
  t = realloc(t, 2 * sizeof(double));
  double *u = realloc(NULL, sizeof(double));
  u[0] = t[1] * x[0];
  double r = t[0] * t[1] + u[0];
  free(u);
  free(t);
  return r;
}

static double grow_w(const double *x) { return grow(x, N); }
static double shrink_w(const double *x) { return shrink(x); }

int main(void) {
  double x[N], dx[N], e[N];
  int i;
  for (i = 0; i < N; ++i) {
    x[i] = 0.3 + 0.15 * i;
    dx[i] = 0;
  }
  __ad_autodiff((void *)grow, ad_dup, x, dx, (int)ad_opaque(N));
  for (i = 0; i < N; ++i)
    e[i] = (i + 1) * cos(x[i] * x[i]) * 2 * x[i];
  lfd_check_all("grow dx", dx, e, grow_w, x, N);

  for (i = 0; i < 3; ++i)
    dx[i] = 0;
  __ad_autodiff((void *)shrink, ad_dup, x, dx);
  /* r = x0 x1 (x1 + x2) + (x1 + x2) x0 */
  e[0] = x[1] * (x[1] + x[2]) + (x[1] + x[2]);
  e[1] = x[0] * (x[1] + x[2]) + x[0] * x[1] + x[0];
  e[2] = x[0] * x[1] + x[0];
  lfd_check_all("shrink dx", dx, e, shrink_w, x, 3);
  return ad_check_report();
}
