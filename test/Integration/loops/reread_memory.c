// Loop values the reverse sweep reads again from memory instead of taping
// them: right only when nothing writes that memory after the load. Each
// function pairs a case where the memory stays as the load saw it (re-read)
// with one where something writes it later: a store in a later loop, a
// library call writing through a pointer (modf), a later iteration of an
// enclosing loop. Deeper nests: inner loops whose start index is recomputed
// (constant trip counts, entered on every iteration) and ones where it is
// not (a triangular loop, a loop left early).
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

#define N 7

/* buf is written before the loop that reads it, and never again. */
double reread_kept(const double *x) {
  double buf[N];
  for (int i = 0; i < N; ++i)
    buf[i] = x[i] * x[i] + 0.5;
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += sin(buf[i]) * buf[(i + 1) % N];
  return s;
}

/* The same, then buf is overwritten by a later loop: the reads of the
 * second loop must be taped. */
double reread_overwritten(const double *x) {
  double buf[N];
  for (int i = 0; i < N; ++i)
    buf[i] = x[i] * x[i] + 0.5;
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += sin(buf[i]) * buf[(i + 1) % N];
  for (int i = 0; i < N; ++i)
    buf[i] = s * buf[i];
  double t = 0;
  for (int i = 0; i < N; ++i)
    t += buf[i];
  return s + 0.1 * t;
}

/* buf[0] is read in the loop, then modf writes it through a pointer. */
double reread_modf(const double *x) {
  double buf[N];
  for (int i = 0; i < N; ++i)
    buf[i] = x[i] + 1.25;
  double s = 0;
  for (int i = 0; i < N; ++i)
    s += buf[i] * buf[i] * buf[i];
  double frac = modf(s, &buf[0]);
  return s + frac + buf[0];
}

/* Three deep: the innermost loop's start index is recomputed (trip counts
 * constant in the nest, entered on every iteration); t is taped. */
double nest3_rect(const double *x) {
  double t = 0.25;
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < N; ++b)
      for (int c = 0; c < 3; ++c)
        t = 0.5 * t + x[b] * sin(x[(b + c) % N] + t);
  return t;
}

/* Three deep, the innermost loop triangular (its trip count changes). */
double nest3_tri(const double *x) {
  double t = 0.25;
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < N; ++b)
      for (int c = 0; c <= b; ++c)
        t = 0.5 * t + x[b] * sin(x[c] + t);
  return t;
}

/* Three deep, the middle loop left early on the data: the innermost loop is
 * not entered a fixed number of times. */
double nest3_break(const double *x) {
  double t = 0.25;
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < N; ++b) {
      if (t > 1.0 + a)
        break;
      for (int c = 0; c < 3; ++c)
        t = 0.5 * t + x[b] * cos(x[(b + c) % N] * t);
      t += 0.3 * x[b] * x[b];
    }
  return t;
}

/* Four deep, all rectangular, memory read in the innermost loop that an
 * outer loop rewrites in its next iteration (must be taped). */
double nest4_rewrite(const double *x) {
  double w[N];
  memcpy(w, x, sizeof w);
  double s = 0;
  for (int r = 0; r < 2; ++r) {
    for (int a = 0; a < 2; ++a)
      for (int b = 0; b < 3; ++b)
        for (int c = 0; c < N; ++c)
          s += w[c] * w[(c + a + b) % N] * 0.1;
    for (int c = 0; c < N; ++c)
      w[c] = sin(w[c]) + s * 0.01;
  }
  return s;
}

/* The gradient of F at a fixed point, against finite differences. */
#define CHECK(F)                                                               \
  do {                                                                         \
    double x[N], dx[N];                                                        \
    for (int i = 0; i < N; ++i) {                                              \
      x[i] = 0.3 + 0.11 * i - 0.05 * (i % 3);                                  \
      dx[i] = 0;                                                               \
    }                                                                          \
    __ad_autodiff((void *)F, ad_dup, x, dx);                                   \
    for (int i = 0; i < N; ++i) {                                              \
      char buf[64];                                                            \
      snprintf(buf, sizeof buf, #F "[%d]", i);                                 \
      ad_check_eq(buf, dx[i], lfd(F, x, i));                                   \
    }                                                                          \
  } while (0)

int main(void) {
  CHECK(reread_kept);
  CHECK(reread_overwritten);
  CHECK(reread_modf);
  CHECK(nest3_rect);
  CHECK(nest3_tri);
  CHECK(nest3_break);
  CHECK(nest4_rewrite);

  /* Analytic: reread_kept's gradient, d/dx_i of sum_k sin(b_k) b_{k+1}. */
  double x[N], dx[N] = {0}, b[N];
  for (int i = 0; i < N; ++i) {
    x[i] = 0.3 + 0.11 * i - 0.05 * (i % 3);
    b[i] = x[i] * x[i] + 0.5;
  }
  __ad_autodiff((void *)reread_kept, ad_dup, x, dx);
  for (int i = 0; i < N; ++i) {
    double db = cos(b[i]) * b[(i + 1) % N] + sin(b[(i + N - 1) % N]);
    ad_check("reread_kept analytic", dx[i], db * 2 * x[i],
             lfd(reread_kept, x, i));
  }
  return ad_check_report();
}
