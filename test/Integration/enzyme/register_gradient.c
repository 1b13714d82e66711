// Enzyme's custom reverse derivatives, `__enzyme_register_gradient_<name> =
// {fn, augment, gradient}`, in Enzyme's calling convention: each argument
// followed by its shadow unless it is floating point (an integer by itself
// again); the augmented forward returns fn's result, a tape, or a struct of
// both; the gradient takes the arguments, the result's seed and the tape and
// returns the adjoints of the floating-point arguments. A straight-through
// floor (gradient 1 where the true one is 0) shows the registered gradient
// is the one used; the others are checked against finite differences.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);

static int n_aug, n_grad;

/* The augmented forward returns the primal, no tape. */
__attribute__((noinline)) double square(double x) { return x * x; }
double augment_square(double x) {
  ++n_aug;
  return x * x;
}
double gradient_square(double x, double differet) {
  ++n_grad;
  return 2.0 * x * differet;
}
void *__enzyme_register_gradient_square[3] = {
    (void *)square, (void *)augment_square, (void *)gradient_square};

/* Straight-through rounding: the registered gradient is the identity's. */
__attribute__((noinline)) double st_floor(double x) { return floor(x); }
double augment_st_floor(double x) { return floor(x); }
double gradient_st_floor(double x, double differet) { return differet; }
void *__enzyme_register_gradient_st_floor[3] = {
    (void *)st_floor, (void *)augment_st_floor, (void *)gradient_st_floor};

/* {tape, result}, and a struct of two adjoints. */
typedef struct {
  double *tape;
  double primal;
} aug_ret;
typedef struct {
  double da, db;
} grad2;
__attribute__((noinline)) double mulsin(double a, double b) {
  return a * sin(b);
}
aug_ret augment_mulsin(double a, double b) {
  double *t = malloc(sizeof *t);
  *t = sin(b);
  ++n_aug;
  return (aug_ret){t, a * *t};
}
grad2 gradient_mulsin(double a, double b, double differet, double *tape) {
  grad2 g = {differet * *tape, differet * a * cos(b)};
  free(tape);
  ++n_grad;
  return g;
}
void *__enzyme_register_gradient_mulsin[3] = {
    (void *)mulsin, (void *)augment_mulsin, (void *)gradient_mulsin};

/* In place on an array: pointer and integer arguments with their
 * "shadows"; the tape keeps the overwritten values. */
__attribute__((noinline)) void square_all(double *v, int n) {
  for (int i = 0; i < n; i++)
    v[i] = v[i] * v[i];
}
void *augment_square_all(double *v, double *dv, int n, int n_again) {
  double *old = malloc(n * sizeof *old);
  memcpy(old, v, n * sizeof *old);
  for (int i = 0; i < n; i++)
    v[i] = v[i] * v[i];
  ++n_aug;
  return old;
}
void gradient_square_all(double *v, double *dv, int n, int n_again,
                         void *tape) {
  double *old = tape;
  for (int i = 0; i < n; i++)
    dv[i] = 2.0 * old[i] * dv[i];
  free(old);
  ++n_grad;
}
void *__enzyme_register_gradient_square_all[3] = {(void *)square_all,
                                                  (void *)augment_square_all,
                                                  (void *)gradient_square_all};

static double f(const double *x) {
  double v[3] = {x[0], x[1], x[2]};
  square_all(v, 3);
  return square(x[0]) + 3.0 * st_floor(x[1]) + mulsin(x[0], x[2]) +
         v[0] * v[1] + v[2];
}

int main(void) {
  double x[3] = {0.7, 1.3, -0.4}, dx[3] = {0, 0, 0};
  __enzyme_autodiff((void *)f, enzyme_dup, x, dx);
  /* d/dx0: 2 x0 + sin(x2) + 2 x0 x1^2; d/dx1: 3 (straight through) +
   * 2 x0^2 x1; d/dx2: x0 cos(x2) + 2 x2 */
  ad_check("df/dx0", dx[0], 2 * x[0] + sin(x[2]) + 2 * x[0] * x[1] * x[1],
           2 * x[0] + sin(x[2]) + 2 * x[0] * x[1] * x[1]);
  ad_check_eq("df/dx1 (registered)", dx[1], 3.0 + 2 * x[0] * x[0] * x[1]);
  ad_check("df/dx2", dx[2], x[0] * cos(x[2]) + 2 * x[2], ad_fdn(f, x, 3, 2));
  ad_check_eq("augmented forwards run", n_aug, 3);
  ad_check_eq("gradients run", n_grad, 3);
  return ad_check_report();
}
