// Augmented pairs (AD_REGISTER_AUGMENTED) for functions of another
// translation unit that write memory (Inputs/inplace.c, compiled without the
// plugin): the augmented forward runs in the forward sweep and keeps what
// its reverse needs in a tape (the overwritten inputs, the results); the
// reverse runs in the reverse sweep, after the caller overwrote the memory
// again, and frees the tape. Called in a loop and outside one, with an
// active scalar argument, a float result, and a NULL shadow.
// RUN: %clang -O2 -c %S/Inputs/inplace.c -o %t.o
// RUN: %clang -O0 %s %t.o -o %t0 -lm && %t0
// With -g (the call replaced by the augmented forward needs a location):
// RUN: %clang -O1 -g %s %t.o -o %t1 -lm && %t1
// RUN: %clang -O2 %s %t.o -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 -g %s %t.o -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define N 4

double sin_scale_inplace(double *x, int n, double a);
void exp_into(double *out, const double *x, int n);

static int n_aug, n_rev;

/* Tape: the inputs x before they are overwritten, and a. */
static void *sin_scale_aug(double *x, int n, double a, double *dx,
                           double *result) {
  double *tape = malloc((n + 1) * sizeof *tape);
  memcpy(tape, x, n * sizeof *tape);
  tape[n] = a;
  *result = sin_scale_inplace(x, n, a);
  ++n_aug;
  return tape;
}
static void sin_scale_rev(double *x, int n, double a, double seed, double *dx,
                          double *da, void *tape) {
  double *old = tape;
  for (int i = 0; i < n; i++) {
    double g = dx[i];
    *da += g * sin(old[i]);
    dx[i] = g * a * cos(old[i]);
  }
  dx[0] += seed; /* the result is the old x[0] */
  ++n_rev;
  free(tape);
}
AD_REGISTER_AUGMENTED(sin_scale_inplace, sin_scale_aug, sin_scale_rev);

/* Tape: the results exp(x[i]). */
static void *exp_into_aug(double *out, const double *x, int n, double *dout,
                          double *dx) {
  exp_into(out, x, n);
  double *tape = malloc(n * sizeof *tape);
  memcpy(tape, out, n * sizeof *tape);
  ++n_aug;
  return tape;
}
static void exp_into_rev(double *out, const double *x, int n, double *dout,
                         double *dx, void *tape) {
  double *e = tape;
  for (int i = 0; i < n; i++) {
    if (dx)
      dx[i] += dout[i] * e[i];
    dout[i] = 0;
  }
  ++n_rev;
  free(tape);
}
AD_REGISTER_AUGMENTED(exp_into, exp_into_aug, exp_into_rev);

/* Three rounds of x = a sin(x) in place, then sum (i+1) exp(x_i), plus the
 * old x[0]s returned on the way. */
double model(double *x, double a, int rounds) {
  double s = 0, e[N];
  for (int r = 0; r < rounds; r++)
    s += sin_scale_inplace(x, N, a);
  exp_into(e, x, N);
  for (int i = 0; i < N; i++)
    s += (i + 1) * e[i];
  x[0] = 0; /* overwrites the memory the reverses would have read */
  return s;
}

static const double X0[N] = {0.4, -0.9, 1.3, 0.2};
static double A = 1.2;
static double model_x(const double *x0) {
  double x[N];
  memcpy(x, x0, sizeof x);
  return model(x, A, 3);
}
static double model_a(double a) {
  double x[N];
  memcpy(x, X0, sizeof x);
  return model(x, a, 3);
}

/* Forward-mode reference in direction (tx, ta). */
static double model_dir(const double *tx0, double ta) {
  double x[N], t[N], ds = 0;
  memcpy(x, X0, sizeof x);
  memcpy(t, tx0, sizeof t);
  for (int r = 0; r < 3; r++) {
    ds += t[0];
    for (int i = 0; i < N; i++) {
      t[i] = ta * sin(x[i]) + A * cos(x[i]) * t[i];
      x[i] = A * sin(x[i]);
    }
  }
  for (int i = 0; i < N; i++)
    ds += (i + 1) * exp(x[i]) * t[i];
  return ds;
}

int main(void) {
  char name[64];
  double x[N], dx[N] = {0};
  memcpy(x, X0, sizeof x);
  double da = __ad_autodiff((void *)model, ad_dup, x, dx, A, ad_const, 3);
  for (int k = 0; k < N; k++) {
    double tx[N] = {0};
    tx[k] = 1;
    snprintf(name, sizeof name, "model dx[%d]", k);
    ad_check(name, dx[k], model_dir(tx, 0), ad_fdn(model_x, X0, N, k));
  }
  double t0[N] = {0};
  ad_check("model da", da, model_dir(t0, 1), ad_fd(model_a, A));
  ad_check_eq("augmented forwards", n_aug, 4);
  ad_check_eq("reverses", n_rev, 4);
  return ad_check_report();
}
