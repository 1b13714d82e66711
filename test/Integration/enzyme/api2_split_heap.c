// Split mode on a function with a loop and heap temporaries: wsum() mallocs
// a scratch array inside, fills it in a loop (t_i = sin(a x_i)), reads it in
// a second loop and frees it. The tape lives in the caller's memory
// (`enzyme_allocated, size, enzyme_tape, p`, size from __enzyme_augmentsize);
// between __enzyme_augmentfwd and __enzyme_reverse the inputs are clobbered,
// and the reverse is run twice from two independent tapes with different
// seeds. Checked against analytic values and finite differences.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_tape, enzyme_allocated;
int __enzyme_augmentsize(void *, ...);
double __enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);

enum { N = 5 };

/* s = sum_i x_i t_i^2 + t_{i-1} t_i, t_i = sin(a x_i), t on the heap. */
static double wsum(const double *x, int n, double a) {
  double *t = malloc(n * sizeof *t);
  for (int i = 0; i < n; i++)
    t[i] = sin(a * x[i]);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] * t[i] * t[i] + (i ? t[i - 1] * t[i] : 0.0);
  free(t);
  return s;
}

static const double X0[N] = {0.3, -0.7, 1.1, 0.45, -1.3};
static const double A0 = 0.8;
static double wrap(const double *p) { return wsum(p, N, p[N]); }

int main(void) {
  int size =
      __enzyme_augmentsize((void *)wsum, enzyme_dup, enzyme_const, enzyme_out);
  ad_check_exact("tape size positive", size > 0, 1);
  void *tape1 = malloc(size), *tape2 = malloc(size);
  double x1[N], x2[N], dx1[N] = {0}, dx2[N] = {0}, a = A0;
  memcpy(x1, X0, sizeof x1);
  memcpy(x2, X0, sizeof x2);
  for (int i = 0; i < N; i++)
    x2[i] *= 2; /* second evaluation at 2 x */
  double r1 =
      __enzyme_augmentfwd((void *)wsum, enzyme_allocated, size, enzyme_tape,
                          tape1, enzyme_dup, x1, dx1, enzyme_const, N, a);
  double r2 =
      __enzyme_augmentfwd((void *)wsum, enzyme_allocated, size, enzyme_tape,
                          tape2, enzyme_dup, x2, dx2, enzyme_const, N, a);
  ad_check_eq("result 1", r1, wsum(X0, N, a));
  memset(x1, 0, sizeof x1); /* clobbered: the reverse must use the tape */
  memset(x2, 0, sizeof x2);
  double da2 =
      __enzyme_reverse((void *)wsum, enzyme_allocated, size, enzyme_tape, tape2,
                       enzyme_dup, x2, dx2, enzyme_const, N, a, 3.0);
  double da1 =
      __enzyme_reverse((void *)wsum, enzyme_allocated, size, enzyme_tape, tape1,
                       enzyme_dup, x1, dx1, enzyme_const, N, a, 1.0);
  for (int pass = 0; pass < 2; pass++) {
    double p[N + 1], t[N], c[N];
    for (int i = 0; i < N; i++)
      p[i] = X0[i] * (pass ? 2 : 1);
    p[N] = A0;
    for (int i = 0; i < N; i++)
      t[i] = sin(a * p[i]), c[i] = cos(a * p[i]);
    double seed = pass ? 3.0 : 1.0, ga = 0;
    for (int i = 0; i < N; i++) {
      double dt =
          2 * p[i] * t[i] + (i ? t[i - 1] : 0) + (i < N - 1 ? t[i + 1] : 0);
      double gx = t[i] * t[i] + dt * a * c[i];
      ga += dt * p[i] * c[i];
      ad_check(pass ? "dx (2x, seed 3)" : "dx", (pass ? dx2 : dx1)[i],
               seed * gx, seed * ad_fdn(wrap, p, N + 1, i));
    }
    ad_check(pass ? "da (2x, seed 3)" : "da", pass ? da2 : da1, seed * ga,
             seed * ad_fdn(wrap, p, N + 1, N));
  }
  free(tape1);
  free(tape2);
  return ad_check_report();
}
