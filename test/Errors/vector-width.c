// Vector mode (ad_width) refuses, where the call or the construct is, what
// it cannot do: a width that is not a constant, a width in split mode or
// with ad_seed or a tape budget, too few shadows or tangents, ad_dupv on a
// scalar, a result type that does not hold the N tangents, and inside the
// function the constructs that take one direction (a custom forward derivative,
// the user's shadow of a global).
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>

double sq(const double *x) { return x[0] * x[0]; }
double lin(double a, double b) { return a * b; }

double width_not_constant(const double *x, double *d, int k) {
  // CHECK-DAG: vector-width.c:[[@LINE+1]]:10: error: ADPass: __ad_fwddiff: marker 'ad_width' must be followed by a constant number of directions, from 1 to 64
  return __ad_fwddiff((void *)sq, ad_width, k, ad_dup, x, d, d);
}

void *width_in_split_mode(const double *x, double *d) {
  // CHECK-DAG: vector-width.c:[[@LINE+1]]:10: error: ADPass: __ad_augmentfwd: ad_width (vector mode) is supported in __ad_fwddiff and __ad_autodiff; split mode takes one direction per call
  return __ad_augmentfwd((void *)sq, ad_width, 2, ad_dup, x, d, d);
}

typedef struct {
  double a, b;
} two;
two pair(const double *x) {
  two t = {x[0], x[1]};
  return t;
}
void seed_and_width(const double *x, double *d) {
  two s = {1, 0};
  // CHECK-DAG: vector-width.c:[[@LINE+1]]:3: error: ADPass: __ad_autodiff: ad_seed and ad_width cannot be combined yet: seed the result through an ad_dup output instead
  __ad_autodiff((void *)pair, ad_width, 2, ad_seed, &s, ad_dup, x, d, d);
}

void budget_and_width(const double *x, double *d) {
  // CHECK-DAG: vector-width.c:[[@LINE+1]]:3: error: ADPass: __ad_autodiff: ad_tape_budget and ad_width cannot be combined yet; make one call per direction
  __ad_autodiff((void *)sq, ad_width, 2, ad_tape_budget, 1024, ad_dup, x, d, d);
}

ad_double2 too_few_shadows(const double *x, double *d) {
  // CHECK-DAG: vector-width.c:[[@LINE+1]]:10: error: ADPass: __ad_fwddiff_d2: argument 1 of 'sq' needs 2 shadows after it (one per direction of ad_width)
  return __ad_fwddiff_d2((void *)sq, ad_width, 2, ad_dup, x, d);
}

ad_double2 too_few_tangents(double a) {
  // CHECK-DAG: vector-width.c:[[@LINE+1]]:10: error: ADPass: __ad_fwddiff_d2: argument 2 of 'lin' needs 2 tangents after it (one per direction of ad_width)
  return __ad_fwddiff_d2((void *)lin, ad_width, 2, ad_dup, a, 1.0, 0.0, ad_dup,
                         a, 1.0);
}

ad_double2 dupv_scalar(double a) {
  // CHECK-DAG: vector-width.c:[[@LINE+1]]:10: error: ADPass: __ad_fwddiff_d2: ad_dupv on argument 1 of 'lin', which has type double; only pointers have strided shadows
  return __ad_fwddiff_d2((void *)lin, ad_width, 2, ad_dupv, 8, a, 1.0, ad_const,
                         a);
}

double result_too_small(const double *x, double *d) {
  // CHECK-DAG: vector-width.c:[[@LINE+1]]:10: error: ADPass: __ad_fwddiff: the call's result type double holds 1 values but it returns 2 (the tangent of the result of 'sq')
  return __ad_fwddiff((void *)sq, ad_width, 2, ad_dup, x, d, d + 1);
}

// A custom forward derivative computes one direction.
__attribute__((noinline)) double cube(double v) { return v * v * v; }
double cube_fwd(double v, double dv, double *r) {
  *r = v * v * v;
  return 3 * v * v * dv;
}
AD_REGISTER_FORWARD(cube, cube_fwd);
double uses_cube(const double *x) {
  // CHECK-DAG: vector-width.c:[[@LINE+1]]:10: error: ADPass: in 'uses_cube': vector mode (ad_width): the derivative calls 'cube_fwd' with tangents, and that call cannot be repeated per direction (custom derivatives, MPI and OpenMP take one direction); make one call per direction
  return cube(x[0]) + x[1];
}
ad_double2 custom(const double *x, double *d) {
  return __ad_fwddiff_d2((void *)uses_cube, ad_width, 2, ad_dupv, 16, x, d);
}

// The program's own shadow of a global holds one direction.
double acc;
double acc_ad_shadow;
double uses_global(const double *x) {
  // CHECK-DAG: vector-width.c:{{[0-9]+}}:{{[0-9]+}}: error: ADPass: in 'uses_global': vector mode (ad_width): the shadow 'acc_ad_shadow' the program gives for a global holds one direction; make one call per direction
  acc = x[0] * x[0];
  return acc * x[1];
}
ad_double2 user_shadow(const double *x, double *d) {
  return __ad_fwddiff_d2((void *)uses_global, ad_width, 2, ad_dupv, 16, x, d);
}

// Enzyme's __enzyme_batch needs a width, and knows its own markers only.
extern int enzyme_width, enzyme_scalar, enzyme_dup;
typedef struct {
  double d[2];
} batch2;
batch2 __enzyme_batch(void *, ...);
batch2 batch_without_width(double a) {
  // CHECK-DAG: vector-width.c:[[@LINE+1]]:10: error: ADPass: __enzyme_batch: needs 'enzyme_width, N' with a constant N from 1 to 64
  return __enzyme_batch((void *)lin, a, 1.0, 2.0, 3.0);
}
batch2 batch_bad_marker(double a) {
  // CHECK-DAG: vector-width.c:[[@LINE+1]]:10: error: ADPass: __enzyme_batch: marker 'enzyme_dup' is not one of __enzyme_batch's (enzyme_width, enzyme_vector, enzyme_scalar, enzyme_buffer)
  return __enzyme_batch((void *)lin, enzyme_width, 2, enzyme_dup, a, 1.0,
                        enzyme_scalar, 2.0);
}
