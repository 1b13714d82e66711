// A full Jacobian in one call each way, with Enzyme's vector modes and its
// README's style of marker declarations (`int enzyme_dup;`, definitions, not
// extern): reverse mode with `enzyme_width, 2` and `enzyme_dupv, stride`
// (the output seeds are the identity's rows, the input shadows receive the
// Jacobian's rows), forward mode with `enzyme_width, 3` (input tangents the
// identity's columns, output tangents the Jacobian's columns). Checked
// against the analytic Jacobian and finite differences, and each other.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

int enzyme_dup, enzyme_dupv, enzyme_const, enzyme_width, enzyme_dupnoneed;
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);

enum { NX = 3, NY = 2 };

static void F(const double *x, double *y, double scale) {
  y[0] = scale * x[0] * x[1] + sin(x[2]);
  y[1] = x[0] * x[0] * exp(x[1]) - x[2] * x[2] * x[2];
}

static const double X[NX] = {0.7, -0.3, 1.4};
static int OUT;
static double F_out(const double *x) {
  double y[NY];
  F(x, y, 1.5);
  return y[OUT];
}

int main(void) {
  double J[NY][NX] = {
      {1.5 * X[1], 1.5 * X[0], cos(X[2])},
      {2 * X[0] * exp(X[1]), X[0] * X[0] * exp(X[1]), -3 * X[2] * X[2]}};

  /* Reverse, width 2: lane k seeds y with e_k and gets row k in gx[k]. */
  double y[NY], sy[NY][NY] = {{1, 0}, {0, 1}}, gx[NY][NX] = {{0}};
  __enzyme_autodiff((void *)F, enzyme_width, 2, enzyme_dupv, sizeof gx[0], X,
                    gx, enzyme_dupv, sizeof sy[0], y, sy, enzyme_const, 1.5);
  for (OUT = 0; OUT < NY; OUT++)
    for (int j = 0; j < NX; j++)
      ad_check("reverse row", gx[OUT][j], J[OUT][j], ad_fdn(F_out, X, NX, j));
  ad_check_eq("output seeds consumed", sy[0][0] + sy[1][1], 0.0);

  /* Forward, width 3: lane j has tangent e_j and gives column j in ty[j]. */
  double tx[NX][NX] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, ty[NX][NY];
  __enzyme_fwddiff((void *)F, enzyme_width, 3, enzyme_dupv, sizeof tx[0], X, tx,
                   enzyme_dupv, sizeof ty[0], y, ty, enzyme_const, 1.5);
  for (int j = 0; j < NX; j++)
    for (int i = 0; i < NY; i++)
      ad_check_eq("forward column = reverse row entry", ty[j][i], gx[i][j]);
  ad_check_eq("primal y1", y[1], X[0] * X[0] * exp(X[1]) - X[2] * X[2] * X[2]);

  /* Separate shadows per lane (enzyme_dup with N pointers), dupnoneed y. */
  double g0[NX] = {0}, g1[NX] = {0}, s0[NY] = {2, 0}, s1[NY] = {1, -1};
  __enzyme_autodiff((void *)F, enzyme_width, 2, enzyme_dup, X, g0, g1,
                    enzyme_dupnoneed, y, s0, s1, enzyme_const, 1.5);
  for (int j = 0; j < NX; j++) {
    ad_check_eq("lane 0: 2 J0", g0[j], 2 * J[0][j]);
    ad_check_eq("lane 1: J0 - J1", g1[j], J[0][j] - J[1][j]);
  }
  return ad_check_report();
}
