// Tapes of Enzyme's custom gradients that are not pointers (ADPass carries
// them in a heap block to the gradient and frees it there: the valgrind run
// checks that no block is leaked): a double returned alone by the augmented
// forward of a void function, and a double beside the result ({tape,
// result}). Used inside a loop, so that each
// iteration's tape comes back to its own gradient call. (A struct passed
// by value as the tape is split into registers by the C ABI; ADPass refuses
// it with a located error.)
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);

/* y[0] = exp(a * y[0]): the tape is the old y[0] (a double). */
__attribute__((noinline)) void grow(double *y, double a) {
  y[0] = exp(a * y[0]);
}
double grow_aug(double *y, double *dy, double a) {
  double old = y[0];
  y[0] = exp(a * old);
  return old;
}
double grow_grad(double *y, double *dy, double a, double old) {
  double e = exp(a * old), g = dy[0];
  dy[0] = g * e * a;
  return g * e * old; /* d/da */
}
void *__enzyme_register_gradient_grow[3] = {(void *)grow, (void *)grow_aug,
                                            (void *)grow_grad};

/* r = a^k: the tape is k (an int) beside the result, {tape, result}. (A
 * tape of the result's own type beside it would read, in Enzyme's
 * convention, as {result, shadow of the result}.) */
typedef struct {
  int k;
  double result;
} pow_aug;
__attribute__((noinline)) double powk(double a, int k) { return pow(a, k); }
pow_aug powk_aug(double a, int k, int k_again) {
  return (pow_aug){k, pow(a, k)};
}
double powk_grad(double a, int k, int k_again, double seed, int tape_k) {
  return seed * tape_k * pow(a, tape_k - 1);
}
void *__enzyme_register_gradient_powk[3] = {(void *)powk, (void *)powk_aug,
                                            (void *)powk_grad};

static double f(const double *p) {
  double y[1] = {0.3}, s = 0.0;
  for (int k = 0; k < 3; k++) {
    grow(y, p[0]);
    s += powk(p[1] * y[0], k + 2);
  }
  return s;
}

int main(void) {
  double p[2] = {0.4, 1.5}, dp[2] = {0, 0};
  __enzyme_autodiff((void *)f, enzyme_dup, p, dp);
  ad_check("df/da", dp[0], ad_fdn(f, p, 2, 0), ad_fdn(f, p, 2, 0));
  ad_check("df/db", dp[1], ad_fdn(f, p, 2, 1), ad_fdn(f, p, 2, 1));
  return ad_check_report();
}
