// The examples of the docs, compiled and run.
//
// The programs of examples/ (referenced from docs/): each is compiled and
// run, and exits nonzero when its gradient disagrees with the finite
// differences it prints.
//
// This file holds the examples of docs/calls.md that have no program in
// examples/ (split mode, AD_REGISTER_AUGMENTED, AD_REGISTER_FORWARD), each
// between a line "// docs/calls.md: <name>" and "// end of docs/calls.md
// example". The code block after "<!-- docs_examples.c: <name> -->" in
// docs/calls.md must be identical (checked by diff). The file is compiled
// once without the plugin with DOCS_EXAMPLES_LIB defined (the "other file"
// of the AD_REGISTER_AUGMENTED and AD_REGISTER_FORWARD examples), once with
// it at -O0..-O3, and run; main checks the derivatives against analytic
// values and finite differences.
//
// RUN: %clang -O2 %S/../../examples/quickstart.c -o %t.quickstart -lm && %t.quickstart
// RUN: %ad_clang -O2 %S/../../examples/quickstart.c -o %t.wrapper && %t.wrapper
// RUN: %clang -O0 %S/../../examples/buffers.c -o %t.buffers0 -lm && %t.buffers0
// RUN: %clang -O2 %S/../../examples/buffers.c -o %t.buffers2 -lm && %t.buffers2
// RUN: %clang -O0 %S/../../examples/workspace.c -o %t.workspace0 -lm && %t.workspace0
// RUN: %clang -O2 %S/../../examples/workspace.c -o %t.workspace2 -lm && %t.workspace2
// RUN: %clang -O0 %S/../../examples/recursion.c -o %t.recursion0 -lm && %t.recursion0
// RUN: %clang -O2 %S/../../examples/recursion.c -o %t.recursion2 -lm && %t.recursion2
// RUN: %clang -O0 %S/../../examples/pointers.c -o %t.pointers0 -lm && %t.pointers0
// RUN: %clang -O2 %S/../../examples/pointers.c -o %t.pointers2 -lm && %t.pointers2
// RUN: %clang -O0 %S/../../examples/memory.c -o %t.memory0 -lm && %t.memory0
// RUN: %clang -O2 %S/../../examples/memory.c -o %t.memory2 -lm && %t.memory2
// RUN: %clang -O0 %S/../../examples/activity.c -o %t.activity0 -lm && %t.activity0
// RUN: %clang -O2 -Rpass-analysis=ad %S/../../examples/activity.c -o %t.activity2 -lm 2>&1 | %FileCheck %s --check-prefix=REMARK
// RUN: %t.activity2
// RUN: clang -O2 -c %S/../../examples/custom_derivative_lib.c -o %t.lib.o
// RUN: %clang -O0 %S/../../examples/custom_derivative.c %t.lib.o -o %t.custom0 -lm && %t.custom0
// RUN: %clang -O2 %S/../../examples/custom_derivative.c %t.lib.o -o %t.custom2 -lm && %t.custom2
// RUN: %clang -O0 %S/../../examples/hessian.c -o %t.hessian0 -lm && %t.hessian0
// RUN: %clang -O2 %S/../../examples/hessian.c -o %t.hessian2 -lm && %t.hessian2
// RUN: sed -n '/^<!-- examples\/hessian.c -->$/,/^```$/p' %S/../../docs/higher-order.md | sed '1,2d;$d' > %t.hessian.md
// RUN: sed -n '/^\/\/ docs\/higher-order.md$/,/^\/\/ end of docs\/higher-order.md example$/p' %S/../../examples/hessian.c | sed '1d;$d' > %t.hessian.c
// RUN: grep -q AD_DEFINE_HESSIAN %t.hessian.md
// RUN: diff %t.hessian.md %t.hessian.c
// RUN: %clang -O0 %S/../../examples/sparse_jacobian.c -o %t.sparse0 -lm && %t.sparse0
// RUN: %clang -O2 %S/../../examples/sparse_jacobian.c -o %t.sparse2 -lm && %t.sparse2
// RUN: sed -n '/^<!-- examples\/sparse_jacobian.c -->$/,/^```$/p' %S/../../docs/higher-order.md | sed '1,2d;$d' > %t.sparse.md
// RUN: sed -n '/^\/\/ docs\/higher-order.md$/,/^\/\/ end of docs\/higher-order.md example$/p' %S/../../examples/sparse_jacobian.c | sed '1d;$d' > %t.sparse.c
// RUN: grep -q AD_DEFINE_JACOBIAN_PATTERN %t.sparse.md
// RUN: diff %t.sparse.md %t.sparse.c
// RUN: %clangxx -O0 %S/../../examples/cpp_templates.cpp -o %t.cpp0 && %t.cpp0
// RUN: %clangxx -O2 %S/../../examples/cpp_templates.cpp -o %t.cpp2 && %t.cpp2
// RUN: sed -n '/^<!-- docs_examples.c: split mode -->$/,/^```$/p' %S/../../docs/calls.md | sed '1,2d;$d' > %t.split.md
// RUN: sed -n '/^\/\/ docs\/calls.md: split mode$/,/^\/\/ end of docs\/calls.md example$/p' %s | sed '1d;$d' > %t.split.c
// RUN: grep -q __ad_augmentfwd %t.split.md
// RUN: diff %t.split.md %t.split.c
// RUN: sed -n '/^<!-- docs_examples.c: AD_REGISTER_AUGMENTED -->$/,/^```$/p' %S/../../docs/calls.md | sed '1,2d;$d' > %t.augmented.md
// RUN: sed -n '/^\/\/ docs\/calls.md: AD_REGISTER_AUGMENTED$/,/^\/\/ end of docs\/calls.md example$/p' %s | sed '1d;$d' > %t.augmented.c
// RUN: grep -q AD_REGISTER_AUGMENTED %t.augmented.md
// RUN: diff %t.augmented.md %t.augmented.c
// RUN: sed -n '/^<!-- docs_examples.c: AD_REGISTER_FORWARD -->$/,/^```$/p' %S/../../docs/calls.md | sed '1,2d;$d' > %t.forward.md
// RUN: sed -n '/^\/\/ docs\/calls.md: AD_REGISTER_FORWARD$/,/^\/\/ end of docs\/calls.md example$/p' %s | sed '1d;$d' > %t.forward.c
// RUN: grep -q AD_REGISTER_FORWARD %t.forward.md
// RUN: diff %t.forward.md %t.forward.c
// RUN: clang -O2 -c -DDOCS_EXAMPLES_LIB %s -o %t.docslib.o
// RUN: %clang -O0 %s %t.docslib.o -o %t.docs0 -lm && %t.docs0
// RUN: %clang -O1 %s %t.docslib.o -o %t.docs1 -lm && %t.docs1
// RUN: %clang -O2 %s %t.docslib.o -o %t.docs2 -lm && %t.docs2 && %valgrind %t.docs2
// RUN: %clang -O3 %s %t.docslib.o -o %t.docs3 -lm && %t.docs3
//
// REMARK-DAG: remark: gradient of 'relax': {{[0-9]+}} of {{[0-9]+}} instructions active
// REMARK-DAG: remark: gradient of 'weighted':
// REMARK-DAG: remark: gradient of 'sum_atan2': {{.*}} 0 values taped

#ifdef DOCS_EXAMPLES_LIB
/* The other translation unit of the AD_REGISTER_AUGMENTED example, compiled
 * without the plugin: the plugin sees only the registered pair. */
#include <math.h>

void normalize(double *x, int n) {
  double r = 0;
  for (int i = 0; i < n; i++)
    r += x[i] * x[i];
  r = sqrt(r);
  for (int i = 0; i < n; i++)
    x[i] /= r;
}
#else
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

// docs/calls.md: split mode
/* One explicit Euler step of x' = -k sin(x), in place; returns the cost of
 * the step, dt * sum x_i^2 (before the step). */
double step(double *x, int n, double k, double dt) {
  double c = 0;
  for (int i = 0; i < n; i++) {
    c += dt * x[i] * x[i];
    x[i] -= dt * k * sin(x[i]);
  }
  return c;
}

/* Runs `steps` steps from x (overwritten with the final state). Returns the
 * cost: the steps' costs plus sum x_i^2 / 2 at the end. Sets dx to
 * d cost / d x (initial values) and *dk to d cost / d k. */
double simulate(double *x, double *dx, double *dk, int n, double k, int steps) {
  void **tapes = malloc(steps * sizeof *tapes);
  double cost = 0, c;
  for (int t = 0; t < steps; t++) {
    tapes[t] = __ad_augmentfwd((void *)step, ad_dup, x, dx, ad_const, n, k,
                               ad_const, 0.01, ad_result, &c);
    cost += c;
  }
  for (int i = 0; i < n; i++) {
    cost += 0.5 * x[i] * x[i];
    dx[i] = x[i]; /* seed: d cost / d x (final values) */
  }
  *dk = 0;
  for (int t = steps - 1; t >= 0; t--) /* last step first */
    *dk += __ad_reverse((void *)step, ad_dup, x, dx, ad_const, n, k, ad_const,
                        0.01, tapes[t]);
  free(tapes);
  return cost;
}
// end of docs/calls.md example

// docs/calls.md: AD_REGISTER_AUGMENTED
void normalize(double *x, int n); /* in another file: x = x / |x| */

/* Does what normalize does; keeps the result and the norm in the tape. */
static void *normalize_aug(double *x, int n, double *dx) {
  double *tape = malloc((n + 1) * sizeof *tape), r = 0;
  for (int i = 0; i < n; i++)
    r += x[i] * x[i];
  normalize(x, n);
  memcpy(tape, x, n * sizeof *tape);
  tape[n] = sqrt(r);
  return tape;
}

/* y = x / r: the adjoint of the old x is (dy - y (y . dy)) / r. */
static void normalize_rev(double *x, int n, double *dx, void *tape) {
  double *y = tape, r = y[n], p = 0;
  for (int i = 0; i < n; i++)
    p += y[i] * dx[i];
  for (int i = 0; i < n; i++)
    dx[i] = (dx[i] - y[i] * p) / r;
  free(tape);
}
AD_REGISTER_AUGMENTED(normalize, normalize_aug, normalize_rev);

/* sum_i (w_i y_i)^3 with y = x / |x|, computed in x itself. */
double direction_cubes(double *x, const double *w, int n) {
  normalize(x, n);
  double s = 0;
  for (int i = 0; i < n; i++) {
    x[i] *= w[i]; /* overwrites what normalize wrote */
    s += x[i] * x[i] * x[i];
  }
  return s;
}
// end of docs/calls.md example

// docs/calls.md: AD_REGISTER_FORWARD
/* normalize in forward mode: y = x / r, so the tangent of y is
 * (dx - y (y . dx)) / r. */
static void normalize_fwd(double *x, int n, double *dx) {
  double r = 0, p = 0;
  for (int i = 0; i < n; i++)
    r += x[i] * x[i];
  r = sqrt(r);
  normalize(x, n);
  if (!dx)
    return; /* x not differentiated */
  for (int i = 0; i < n; i++)
    p += x[i] * dx[i];
  for (int i = 0; i < n; i++)
    dx[i] = (dx[i] - x[i] * p) / r;
}
AD_REGISTER_FORWARD(normalize, normalize_fwd);

/* The derivative of direction_cubes along t (t is overwritten). */
double cubes_along(double *x, double *t, const double *w, int n) {
  return __ad_fwddiff((void *)direction_cubes, ad_dup, x, t, ad_const, w, n);
}
// end of docs/calls.md example

#define N 4
#define STEPS 50

static const double X0[N] = {0.9, -0.4, 1.7, 0.3};
static const double W[N] = {1.5, -2.0, 0.5, 1.0};
static double K = 0.8;

/* The cost of simulate, without derivatives. */
static double cost_of(const double *x0, double k) {
  double x[N], cost = 0;
  memcpy(x, x0, sizeof x);
  for (int t = 0; t < STEPS; t++)
    cost += step(x, N, k, 0.01);
  for (int i = 0; i < N; i++)
    cost += 0.5 * x[i] * x[i];
  return cost;
}
static double cost_x(const double *x0) { return cost_of(x0, K); }
static double cost_k(double k) { return cost_of(X0, k); }

/* The same cost's derivative in direction (tx, tk), by forward tangents. */
static double cost_dir(const double *tx, double tk) {
  double x[N], t[N], d = 0;
  memcpy(x, X0, sizeof x);
  memcpy(t, tx, sizeof t);
  for (int s = 0; s < STEPS; s++)
    for (int i = 0; i < N; i++) {
      d += 0.01 * 2 * x[i] * t[i];
      t[i] -= 0.01 * (tk * sin(x[i]) + K * cos(x[i]) * t[i]);
      x[i] -= 0.01 * K * sin(x[i]);
    }
  for (int i = 0; i < N; i++)
    d += x[i] * t[i];
  return d;
}

static double cubes_dir(double h) {
  static const double T[N] = {0.3, 1.0, -0.7, 0.2};
  double x[N];
  for (int i = 0; i < N; i++)
    x[i] = X0[i] + h * T[i];
  return direction_cubes(x, W, N);
}

static double cubes_x(const double *x0) {
  double x[N];
  memcpy(x, x0, sizeof x);
  return direction_cubes(x, W, N);
}

int main(void) {
  char name[64];

  /* Split mode: simulate's gradient against tangents and differences. */
  double x[N], dx[N], dk;
  memcpy(x, X0, sizeof x);
  double cost = simulate(x, dx, &dk, N, K, STEPS);
  ad_check_eq("simulate cost", cost, cost_of(X0, K));
  for (int i = 0; i < N; i++) {
    double tx[N] = {0};
    tx[i] = 1;
    snprintf(name, sizeof name, "simulate dx[%d]", i);
    ad_check(name, dx[i], cost_dir(tx, 0), ad_fdn(cost_x, X0, N, i));
  }
  double t0[N] = {0};
  ad_check("simulate dk", dk, cost_dir(t0, 1), ad_fd(cost_k, K));

  /* AD_REGISTER_AUGMENTED: direction_cubes' gradient, analytic. */
  double y[N], dy[N] = {0}, r = 0, g[N], p = 0;
  memcpy(y, X0, sizeof y);
  __ad_autodiff((void *)direction_cubes, ad_dup, y, dy, ad_const, W, ad_const,
                N);
  for (int i = 0; i < N; i++)
    r += X0[i] * X0[i];
  r = sqrt(r);
  for (int i = 0; i < N; i++) {
    double u = X0[i] / r;
    g[i] = 3 * W[i] * W[i] * W[i] * u * u;
    p += u * g[i];
  }
  for (int i = 0; i < N; i++) {
    snprintf(name, sizeof name, "direction_cubes dx[%d]", i);
    ad_check(name, dy[i], (g[i] - X0[i] / r * p) / r,
             ad_fdn(cubes_x, X0, N, i));
    snprintf(name, sizeof name, "direction_cubes x[%d] after", i);
    ad_check_eq(name, y[i], W[i] * X0[i] / r);
  }

  /* AD_REGISTER_FORWARD: the same derivative along T, against the
   * gradient above and a difference along T. */
  static const double T[N] = {0.3, 1.0, -0.7, 0.2};
  double t[N], along = 0;
  memcpy(y, X0, sizeof y);
  memcpy(t, T, sizeof t);
  for (int i = 0; i < N; i++)
    along += dy[i] * T[i];
  ad_check("cubes_along", cubes_along(y, t, W, N), along,
           ad_fd(cubes_dir, 0.0));
  return ad_check_report();
}
#endif
