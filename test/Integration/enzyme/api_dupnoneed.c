// enzyme_dupnoneed: a pointer whose shadow is used but whose primal values
// the caller does not need after the call. A logistic layer writes its
// outputs through a dupnoneed pointer; reverse mode takes the outputs'
// seeds from the shadow and returns the gradients of the weights and the
// inputs (the shadow of the outputs is consumed, zeroed); forward mode fills
// the output tangents. A read-modify-write accumulator passed dupnoneed
// shows the incoming value's adjoint passes through.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_dup, enzyme_dupnoneed, enzyme_const;
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

enum { N = 3 };

static void layer(const double *w, const double *x, double *out, int n) {
  for (int i = 0; i < n; i++)
    out[i] = 1.0 / (1.0 + exp(-w[i] * x[i] - 0.5 * x[(i + 1) % n]));
}

static void accum(double *acc, const double *x, int n) {
  for (int i = 0; i < n; i++)
    acc[0] = acc[0] * 0.5 + x[i] * x[i];
}

static const double W[N] = {0.7, -1.2, 0.4};
static const double X[N] = {0.3, 0.9, -1.5};
static const double SEED[N] = {1.0, 2.0, -0.5};
/* The seeded sum of the outputs, for finite differences. */
static double seeded(const double *x) {
  double out[N], s = 0;
  layer(W, x, out, N);
  for (int i = 0; i < N; i++)
    s += SEED[i] * out[i];
  return s;
}
static double acc_x1(double v) {
  double x[N] = {X[0], v, X[2]}, acc = 2.0;
  accum(&acc, x, N);
  return acc;
}

int main(void) {
  double out[N], dout[N], dw[N] = {0}, dx[N] = {0};
  for (int i = 0; i < N; i++)
    dout[i] = SEED[i];
  __enzyme_autodiff((void *)layer, enzyme_dup, W, dw, enzyme_dup, X, dx,
                    enzyme_dupnoneed, out, dout, enzyme_const, N);
  double s[N];
  for (int i = 0; i < N; i++) {
    double z = W[i] * X[i] + 0.5 * X[(i + 1) % N];
    s[i] = 1.0 / (1.0 + exp(-z));
  }
  for (int i = 0; i < N; i++) {
    double g = SEED[i] * s[i] * (1 - s[i]);
    ad_check_eq("dL/dw", dw[i], g * X[i]);
    int p = (i + N - 1) % N; /* out[p] reads x[i] with weight 0.5 */
    double gp = SEED[p] * s[p] * (1 - s[p]);
    ad_check("dL/dx", dx[i], g * W[i] + 0.5 * gp, ad_fdn(seeded, X, N, i));
    ad_check_eq("dout consumed", dout[i], 0.0);
  }

  /* Forward: tangent of x along e_1; out's primal not needed. */
  double tx[N] = {0, 1.0, 0}, tw[N] = {0}, tout[N] = {9, 9, 9};
  __enzyme_fwddiff((void *)layer, enzyme_dup, W, tw, enzyme_dup, X, tx,
                   enzyme_dupnoneed, out, tout, enzyme_const, N);
  ad_check_eq("forward dout0/dx1", tout[0], s[0] * (1 - s[0]) * 0.5);
  ad_check_eq("forward dout1/dx1", tout[1], s[1] * (1 - s[1]) * W[1]);
  ad_check_eq("forward dout2/dx1", tout[2], 0.0);

  /* acc_final = acc0 / 8 + x0^2 / 4 + x1^2 / 2 + x2^2 */
  double acc = 2.0, dacc = 1.0, dxa[N] = {0};
  __enzyme_autodiff((void *)accum, enzyme_dupnoneed, &acc, &dacc, enzyme_dup, X,
                    dxa, enzyme_const, N);
  ad_check_eq("d acc/d acc0", dacc, 0.125);
  ad_check("d acc/dx1", dxa[1], X[1], ad_fd(acc_x1, X[1]));
  ad_check_eq("d acc/dx2", dxa[2], 2 * X[2]);
  return ad_check_report();
}
