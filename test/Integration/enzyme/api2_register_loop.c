// A gradient through a function with a custom derivative
// (`__enzyme_register_gradient_softplus`) called inside a loop: each
// iteration's augmented forward mallocs a tape (the sigmoid of its input),
// the registered gradient reads and frees it (valgrind checks no tape is
// leaked or freed twice), the calls are counted (one augment and one
// gradient per iteration, and the primal is not called). The loop feeds each
// result into the next (a recurrence), so the tapes must be reversed in
// order. Checked against the analytic derivative and finite differences.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>
#include <stdlib.h>

extern int enzyme_dup, enzyme_const, enzyme_out;
double __enzyme_autodiff(void *, ...);
typedef struct {
  double dy, db;
} G2;
G2 __enzyme_autodiff2(void *, ...);

static int n_primal, n_aug, n_grad;

__attribute__((noinline)) double softplus(double x) {
  ++n_primal;
  return log1p(exp(x));
}
typedef struct {
  double *tape;
  double primal;
} Aug;
Aug augment_softplus(double x) {
  ++n_aug;
  double *t = malloc(sizeof *t);
  *t = 1.0 / (1.0 + exp(-x));
  return (Aug){t, log1p(exp(x))};
}
double gradient_softplus(double x, double dret, double *tape) {
  ++n_grad;
  double g = *tape * dret;
  free(tape);
  return g;
}
void *__enzyme_register_gradient_softplus[3] = {
    (void *)softplus, (void *)augment_softplus, (void *)gradient_softplus};

enum { STEPS = 6 };
/* y_{k+1} = softplus(w_k * y_k + b) - 0.5 y_k */
static double chain(double y, const double *w, double b) {
  for (int k = 0; k < STEPS; k++)
    y = softplus(w[k] * y + b) - 0.5 * y;
  return y;
}
static const double W[STEPS] = {0.9, -1.2, 0.5, 1.7, -0.4, 1.1};
static double chain_v(const double *p) { return chain(p[0], p + 2, p[1]); }

int main(void) {
  double y0 = 0.3, b = -0.2, dw[STEPS] = {0};
  double dy = 0, db = 0;
  n_primal = n_aug = n_grad = 0;
  dy = __enzyme_autodiff((void *)chain, enzyme_out, y0, enzyme_dup, W, dw,
                         enzyme_const, b);
  ad_check_exact("augment calls", n_aug, STEPS);
  ad_check_exact("gradient calls", n_grad, STEPS);
  ad_check_exact("primal calls", n_primal, 0);
  /* Hand adjoint of the recurrence. */
  double ys[STEPS + 1], s[STEPS];
  ys[0] = y0;
  for (int k = 0; k < STEPS; k++) {
    double z = W[k] * ys[k] + b;
    s[k] = 1 / (1 + exp(-z));
    ys[k + 1] = log1p(exp(z)) - 0.5 * ys[k];
  }
  double a = 1, gw[STEPS];
  for (int k = STEPS - 1; k >= 0; k--) {
    gw[k] = a * s[k] * ys[k];
    db += a * s[k];
    a = a * (s[k] * W[k] - 0.5);
  }
  double p[STEPS + 2] = {y0, b};
  for (int k = 0; k < STEPS; k++)
    p[k + 2] = W[k];
  ad_check("d/dy0", dy, a, ad_fdn(chain_v, p, STEPS + 2, 0));
  for (int k = 0; k < STEPS; k++)
    ad_check("d/dw", dw[k], gw[k], ad_fdn(chain_v, p, STEPS + 2, k + 2));
  /* y0 and b both active: their adjoints in a struct. */
  n_aug = n_grad = 0;
  G2 g = __enzyme_autodiff2((void *)chain, y0, enzyme_const, W, b);
  ad_check_exact("augment calls (2)", n_aug, STEPS);
  ad_check_exact("gradient calls (2)", n_grad, STEPS);
  ad_check("d/dy0 (2)", g.dy, a, ad_fdn(chain_v, p, STEPS + 2, 0));
  ad_check("d/db", g.db, db, ad_fdn(chain_v, p, STEPS + 2, 1));
  return ad_check_report();
}
