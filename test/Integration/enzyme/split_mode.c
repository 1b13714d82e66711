// Enzyme's split mode: __enzyme_augmentfwd runs f and returns its tape (and
// f's result, in a struct the caller declares); __enzyme_reverse takes f's
// arguments, the seed of f's result when it is floating point, and the tape,
// and returns the derivatives of the active scalars. The tape may instead
// live in the caller's memory (`enzyme_allocated, size, enzyme_tape, p`,
// with the size from __enzyme_augmentsize). Between the two calls the
// inputs are overwritten: the reverse must not read them again.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>
#include <stdlib.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_tape, enzyme_allocated,
    enzyme_noret, enzyme_const_return;
void *__enzyme_augmentfwd(void *, ...);
double __enzyme_reverse(void *, ...);
int __enzyme_augmentsize(void *, ...);

typedef struct {
  void *tape;
  double result;
} AugDouble;
AugDouble __enzyme_augmentfwd_d(void *, ...);
double __enzyme_augmentfwd_r(void *, ...);
void __enzyme_augmentfwd_v(void *, ...);
typedef struct {
  double d0, d1;
} Two;
Two __enzyme_reverse2(void *, ...);

/* In place, with a loop: the tape keeps what the reverse sweep needs. */
static void step(double *x, int n, double k) {
  for (int i = 0; i < n; i++)
    x[i] = x[i] * x[i] * k + sin(x[i]);
}

/* A result, a scalar argument, and a pointer argument. */
static double energy(double a, const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a * v[i] * v[i] + cos(a * v[i]);
  return s;
}

/* Two scalar arguments, a result, and memory. */
static double mix(double a, double b, double *w) {
  w[0] = a * b;
  return w[0] * exp(b) + a;
}

static double energy_fd_a(double a) {
  double v[3] = {0.3, -1.2, 0.8};
  return energy(a, v, 3);
}

int main(void) {
  /* 1. A void function, the tape returned as a pointer; x is overwritten
   * between the two calls (the reverse reads its seeds from dx). */
  {
    double x[3] = {0.5, -0.3, 1.1}, x0[3] = {0.5, -0.3, 1.1};
    double dx[3] = {0, 0, 0};
    void *tape = __enzyme_augmentfwd((void *)step, enzyme_dup, x, dx,
                                     enzyme_const, 3, enzyme_const, 2.0);
    for (int i = 0; i < 3; i++) {
      dx[i] = 1.0; /* seed: d(sum of outputs) */
      x[i] = 100.0;
    }
    __enzyme_reverse((void *)step, enzyme_dup, x, dx, enzyme_const, 3,
                     enzyme_const, 2.0, tape);
    for (int i = 0; i < 3; i++)
      ad_check("step: d/dx", dx[i], 4.0 * x0[i] + cos(x0[i]),
               4.0 * x0[i] + cos(x0[i]));
  }
  /* 2. A double result: {tape, result} back, the seed of the result given
   * to the reverse (here 2), the derivative of the active scalar returned. */
  {
    double v[3] = {0.3, -1.2, 0.8}, dv[3] = {0, 0, 0}, a = 0.7;
    AugDouble aug =
        __enzyme_augmentfwd_d((void *)energy, a, enzyme_dup, v, dv, 3);
    ad_check_eq("energy: result", aug.result, energy(a, v, 3));
    double da = __enzyme_reverse((void *)energy, a, enzyme_dup, v, dv, 3, 2.0,
                                 aug.tape);
    double ref_a = 0;
    for (int i = 0; i < 3; i++)
      ref_a += v[i] * v[i] - v[i] * sin(a * v[i]);
    ad_check("energy: d/da (seed 2)", da / 2.0, ref_a, ad_fd(energy_fd_a, a));
    for (int i = 0; i < 3; i++) {
      double ref = 2.0 * (2 * a * v[i] - a * sin(a * v[i]));
      ad_check_eq("energy: d/dv (seed 2)", dv[i], ref);
    }
  }
  /* 3. Enzyme's allocated tape: the size from __enzyme_augmentsize, the
   * tape stored into the caller's memory; two active scalars. */
  {
    int size =
        __enzyme_augmentsize((void *)mix, enzyme_out, enzyme_out, enzyme_dup);
    void *data = malloc(size);
    double w[1], dw[1] = {0}, a = 0.4, b = -0.6;
    double r =
        __enzyme_augmentfwd_r((void *)mix, enzyme_allocated, size, enzyme_tape,
                              data, a, b, enzyme_dup, w, dw);
    ad_check_eq("mix: result", r, a * b * exp(b) + a);
    ad_check_eq("mix: w", w[0], a * b);
    dw[0] = 0.5; /* seed of w */
    Two d = __enzyme_reverse2((void *)mix, enzyme_allocated, size, enzyme_tape,
                              data, a, b, enzyme_dup, w, dw, 1.0);
    /* r = a b e^b + a and w = a b, seeded 1 and 0.5. */
    ad_check_eq("mix: d/da", d.d0, b * exp(b) + 1 + 0.5 * b);
    ad_check_eq("mix: d/db", d.d1, a * exp(b) + a * b * exp(b) + 0.5 * a);
    ad_check_eq("mix: dw consumed", dw[0], 0.0);
    free(data);
  }
  /* 4. enzyme_noret: the result is not returned, only the tape; and a tape
   * kept in a local variable through enzyme_tape without a size. */
  {
    double v[3] = {0.3, -1.2, 0.8}, dv[3] = {0, 0, 0}, a = 0.7;
    void *tape = __enzyme_augmentfwd((void *)energy, enzyme_noret, enzyme_const,
                                     a, enzyme_dup, v, dv, 3);
    __enzyme_reverse((void *)energy, enzyme_const, a, enzyme_dup, v, dv, 3, 1.0,
                     tape);
    for (int i = 0; i < 3; i++)
      ad_check_eq("noret: d/dv", dv[i], 2 * a * v[i] - a * sin(a * v[i]));
    void *slot;
    for (int i = 0; i < 3; i++)
      dv[i] = 0;
    __enzyme_augmentfwd_v((void *)energy, enzyme_tape, &slot, enzyme_const, a,
                          enzyme_dup, v, dv, 3);
    __enzyme_reverse((void *)energy, enzyme_const, a, enzyme_dup, v, dv, 3,
                     enzyme_tape, &slot, 3.0);
    for (int i = 0; i < 3; i++)
      ad_check_eq("tape slot: d/dv (seed 3)", dv[i],
                  3 * (2 * a * v[i] - a * sin(a * v[i])));
  }
  /* 5. Several tapes, reversed last first: two steps of `step`. */
  {
    double x[2] = {0.2, 0.9}, dx[2] = {0, 0};
    void *t1 = __enzyme_augmentfwd((void *)step, enzyme_dup, x, dx,
                                   enzyme_const, 2, enzyme_const, 1.5);
    double mid[2] = {x[0], x[1]};
    void *t2 = __enzyme_augmentfwd((void *)step, enzyme_dup, x, dx,
                                   enzyme_const, 2, enzyme_const, 1.5);
    dx[0] = 1.0, dx[1] = 0.0;
    __enzyme_reverse((void *)step, enzyme_dup, x, dx, enzyme_const, 2,
                     enzyme_const, 1.5, t2);
    __enzyme_reverse((void *)step, enzyme_dup, x, dx, enzyme_const, 2,
                     enzyme_const, 1.5, t1);
    double d1 = 3.0 * mid[0] + cos(mid[0]), d0 = 3.0 * 0.2 + cos(0.2);
    ad_check_eq("two steps: d/dx0", dx[0], d1 * d0);
    ad_check_eq("two steps: d/dx1", dx[1], 0.0);
  }
  return ad_check_report();
}
