// Custom derivatives for an iterative solver, the usual reason Enzyme users
// register them: solve() runs Newton's method for the root of
// x^3 + a x - b = 0; its derivatives come from the implicit function
// theorem, dx = (db - x da) / (3 x^2 + a), registered for reverse mode
// (__enzyme_register_gradient_solve, {tape, result} returned, the tape a
// heap struct of the root and the slope) and for forward mode
// (__enzyme_register_derivative_solve) on the same function. A caller
// differentiated both ways uses them (call counts), checked against
// analytic values and finite differences; with `a` enzyme_const, the
// registered gradient's adjoint of a is dropped.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>
#include <stdlib.h>

extern int enzyme_out, enzyme_const;
double __enzyme_autodiff(void *, ...);
typedef struct {
  double da, db;
} Grad2;
Grad2 __enzyme_autodiff2(void *, ...);
double __enzyme_fwddiff(void *, ...);

static int n_aug, n_grad, n_fwd;

__attribute__((noinline)) double solve(double a, double b) {
  double x = b > 0 ? 1.0 : -1.0;
  for (int it = 0; it < 100; it++) {
    double r = x * x * x + a * x - b;
    if (fabs(r) < 1e-15)
      break;
    x -= r / (3 * x * x + a);
  }
  return x;
}

typedef struct {
  double x, slope; /* the root and 3 x^2 + a */
} Tape;
typedef struct {
  Tape *tape;
  double primal;
} AugRet;
AugRet solve_aug(double a, double b) {
  Tape *t = malloc(sizeof *t);
  t->x = solve(a, b);
  t->slope = 3 * t->x * t->x + a;
  ++n_aug;
  return (AugRet){t, t->x};
}
Grad2 solve_grad(double a, double b, double seed, Tape *t) {
  Grad2 g = {-seed * t->x / t->slope, seed / t->slope};
  free(t);
  ++n_grad;
  return g;
}
void *__enzyme_register_gradient_solve[3] = {(void *)solve, (void *)solve_aug,
                                             (void *)solve_grad};

typedef struct {
  double primal, tangent;
} Dual;
Dual solve_fwd(double a, double da, double b, double db) {
  double x = solve(a, b);
  ++n_fwd;
  return (Dual){x, (db - x * da) / (3 * x * x + a)};
}
void *__enzyme_register_derivative_solve[2] = {(void *)solve,
                                               (void *)solve_fwd};

static double model(double a, double b) {
  double x = solve(a, b);
  return x * x + a * b;
}
static double model_a(double a) { return model(a, 2.5); }
static double model_b(double b) { return model(1.5, b); }

int main(void) {
  double a = 1.5, b = ad_opaque(2.5);
  double x = solve(a, b), s = 3 * x * x + a;
  double ref_a = 2 * x * (-x / s) + b, ref_b = 2 * x / s + a;
  Grad2 g = __enzyme_autodiff2((void *)model, enzyme_out, a, enzyme_out, b);
  ad_check("reverse d/da", g.da, ref_a, ad_fd(model_a, a));
  ad_check("reverse d/db", g.db, ref_b, ad_fd(model_b, b));
  double db = __enzyme_autodiff((void *)model, enzyme_const, a, b);
  ad_check("reverse d/db, a const", db, ref_b, ad_fd(model_b, b));
  ad_check_eq("augmented forwards run", n_aug, 2);
  ad_check_eq("gradients run", n_grad, 2);

  double t = __enzyme_fwddiff((void *)model, a, 1.0, b, 0.0);
  ad_check("forward d/da", t, ref_a, ad_fd(model_a, a));
  t = __enzyme_fwddiff((void *)model, a, 0.5, b, 2.0);
  ad_check_eq("forward 0.5 d/da + 2 d/db", t, 0.5 * ref_a + 2 * ref_b);
  ad_check_eq("forward derivatives run", n_fwd, 2);
  return ad_check_report();
}
