// memcpy and memmove of double arrays: a copy from one ad_dup array into
// another (the destination's adjoint moves to the source and is reset), a
// copy into a local buffer, and in-place overlapping memmoves in both
// directions (the adjoint of the overlapping part must be read before it is
// reset: y = (x0 / 2, x0, x1, ..., x(n-2)) gives dx0 = w0 / 2 + w1).
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

#define N 6

/* y = x, then sum_i y[i]^2 sin(y[i]). */
double copy_sum(const double *x, double *y, int n) {
  double s = 0;
  memcpy(y, x, n * sizeof(double));
  for (int i = 0; i < n; ++i)
    s += y[i] * y[i] * sin(y[i]);
  return s;
}

/* Through a local buffer of 4 doubles. */
double local_copy(const double *x) {
  double t[4];
  memcpy(t, x, sizeof t);
  t[1] *= t[2];
  return t[0] * t[1] + sin(t[3]);
}

/* The memmoves alone would not say that the memory holds doubles (a memmove
 * has no type): the typed accesses after them do. */
void shift_right(double *x, int n) {
  memmove(x + 1, x, (n - 1) * sizeof *x);
  x[0] *= 0.5;
}
void shift_left(double *x, int n) {
  memmove(x, x + 1, (n - 1) * sizeof *x);
  x[n - 1] = sin(x[n - 1]);
}

/* Overlapping move by 2, then a reduction of the moved array. */
double move_reduce(double *x, int n) {
  double s = 0;
  memmove(x + 2, x, (n - 2) * sizeof *x);
  for (int i = 0; i < n; ++i)
    s += (i + 1) * x[i] * x[i];
  return s;
}

static void shift_right_t(double *x, double *t, int n) {
  memmove(t + 1, t, (n - 1) * sizeof *t);
  t[0] *= 0.5;
  shift_right(x, n);
}
static void shift_left_t(double *x, double *t, int n) {
  memmove(t, t + 1, (n - 1) * sizeof *t);
  t[n - 1] *= cos(x[n - 1]);
  shift_left(x, n);
}

static double copy_sum_w(const double *x) {
  double y[N];
  return copy_sum(x, y, N);
}
static double local_copy_w(const double *x) { return local_copy(x); }
static double move_reduce_w(const double *x) {
  double y[N];
  memcpy(y, x, sizeof y);
  return move_reduce(y, N);
}

int main(void) {
  double x0[N], x[N], dx[N], y[N], dy[N], e[N], w[N];
  char buf[96];
  int i;
  for (i = 0; i < N; ++i) {
    x0[i] = 0.9 - 0.35 * i;
    w[i] = 1.0 + 0.5 * i;
  }

  memcpy(x, x0, sizeof x);
  for (i = 0; i < N; ++i) {
    dx[i] = 0;
    dy[i] = w[i]; /* seed on y: y = x, so dx gets it too */
    y[i] = 0;
  }
  __ad_autodiff((void *)copy_sum, ad_dup, x, dx, ad_dup, y, dy,
                (int)ad_opaque(N));
  for (i = 0; i < N; ++i) {
    e[i] = 2 * x[i] * sin(x[i]) + x[i] * x[i] * cos(x[i]);
    snprintf(buf, sizeof buf, "copy_sum y[%d] written", i);
    ad_check_eq(buf, y[i], x[i]);
    snprintf(buf, sizeof buf, "copy_sum dy[%d] reset", i);
    ad_check_eq(buf, dy[i], 0.0);
    snprintf(buf, sizeof buf, "copy_sum dx[%d]", i);
    ad_check(buf, dx[i], e[i] + w[i], lfd(copy_sum_w, x, i) + w[i]);
  }

  for (i = 0; i < N; ++i)
    dx[i] = 0;
  __ad_autodiff((void *)local_copy, ad_dup, x, dx);
  e[0] = x[1] * x[2];
  e[1] = x[0] * x[2];
  e[2] = x[0] * x[1];
  e[3] = cos(x[3]);
  e[4] = e[5] = 0;
  lfd_check_all("local_copy dx", dx, e, local_copy_w, x, N);

  memcpy(x, x0, sizeof x);
  memcpy(dx, w, sizeof dx);
  __ad_autodiff((void *)shift_right, ad_dup, x, dx, (int)ad_opaque(N));
  lfd_check_inplace("shift_right", shift_right, shift_right_t, x0, N, w, x, dx);
  ad_check_eq("shift_right dx[0] = w0 / 2 + w1", dx[0], w[0] / 2 + w[1]);

  memcpy(x, x0, sizeof x);
  memcpy(dx, w, sizeof dx);
  __ad_autodiff((void *)shift_left, ad_dup, x, dx, N);
  lfd_check_inplace("shift_left", shift_left, shift_left_t, x0, N, w, x, dx);
  ad_check_eq("shift_left dx[N-1]", dx[N - 1],
              w[N - 2] + w[N - 1] * cos(x0[N - 1]));

  memcpy(x, x0, sizeof x);
  for (i = 0; i < N; ++i)
    dx[i] = 0;
  __ad_autodiff((void *)move_reduce, ad_dup, x, dx, (int)ad_opaque(N));
  /* After the move x'[i] = x0[i] (i < 2), x0[i-2] (i >= 2); s = sum (i+1)
   * x'[i]^2, so d/dx0[k] = 2 x0[k] ((k+1) [k < 2] + (k+3) [k < N-2]). */
  for (i = 0; i < N; ++i)
    e[i] = 2 * x0[i] * ((i < 2 ? i + 1 : 0) + (i < N - 2 ? i + 3 : 0));
  lfd_check_all("move_reduce dx", dx, e, move_reduce_w, x0, N);
  return ad_check_report();
}
