// Vector forward mode (`enzyme_width, N`) for Jacobian-vector products of an
// ODE: the Lorenz right-hand side f(y; sigma, rho, beta) with the three unit
// tangents in one strided block (enzyme_dupv) gives the Jacobian df/dy in
// one call; then one Heun step (two evaluations of f, in place) along two
// directions at once, one perturbing the state and one the parameters, each
// given its own shadows (enzyme_dup, width 2). Checked against the analytic
// Jacobian, a hand-written tangent of the step, and central finite
// differences along each direction.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_width, enzyme_dup, enzyme_dupv, enzyme_const;
void __enzyme_fwddiff(void *, ...);

static void lorenz(const double *y, const double *p, double *f) {
  f[0] = p[0] * (y[1] - y[0]);
  f[1] = y[0] * (p[1] - y[2]) - y[1];
  f[2] = y[0] * y[1] - p[2] * y[2];
}
static void heun(double *y, const double *p, double h) {
  double k1[3], k2[3], z[3];
  lorenz(y, p, k1);
  for (int i = 0; i < 3; i++)
    z[i] = y[i] + h * k1[i];
  lorenz(z, p, k2);
  for (int i = 0; i < 3; i++)
    y[i] += 0.5 * h * (k1[i] + k2[i]);
}
/* Hand tangent of heun along (vy, vp): d f = J(y) vy + (df/dp) vp. */
static void df(const double *y, const double *p, const double *vy,
               const double *vp, double *o) {
  o[0] = vp[0] * (y[1] - y[0]) + p[0] * (vy[1] - vy[0]);
  o[1] = vy[0] * (p[1] - y[2]) + y[0] * (vp[1] - vy[2]) - vy[1];
  o[2] = vy[0] * y[1] + y[0] * vy[1] - vp[2] * y[2] - p[2] * vy[2];
}
static void heun_tan(const double *y, const double *p, double h,
                     const double *vy, const double *vp, double *o) {
  double k1[3], z[3], dk1[3], dz[3], dk2[3];
  lorenz(y, p, k1);
  df(y, p, vy, vp, dk1);
  for (int i = 0; i < 3; i++)
    z[i] = y[i] + h * k1[i], dz[i] = vy[i] + h * dk1[i];
  df(z, p, dz, vp, dk2);
  for (int i = 0; i < 3; i++)
    o[i] = vy[i] + 0.5 * h * (dk1[i] + dk2[i]);
}

static const double Y[3] = {1.2, -0.8, 2.5}, P[3] = {10.0, 28.0, 8.0 / 3};
static const double H = 0.01;
static double dirY[3], dirP[3];
static int comp;
static double heun_t(double t) {
  double y[3], p[3];
  for (int i = 0; i < 3; i++)
    y[i] = Y[i] + t * dirY[i], p[i] = P[i] + t * dirP[i];
  heun(y, p, H);
  return y[comp];
}
int main(void) {
  double I[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, f[3], J[3][3];
  __enzyme_fwddiff((void *)lorenz, enzyme_width, 3, enzyme_dupv, sizeof I[0], Y,
                   I[0], enzyme_const, P, enzyme_dupv, sizeof J[0], f, J[0]);
  double Jref[3][3] = {
      {-P[0], P[0], 0}, {P[1] - Y[2], -1, -Y[0]}, {Y[1], Y[0], -P[2]}};
  for (int j = 0; j < 3; j++) /* J[j] is column j */
    for (int i = 0; i < 3; i++)
      ad_check_eq("lorenz Jacobian", J[j][i], Jref[i][j]);

  double vY[3] = {0.3, -1.0, 0.5}, vP[3] = {1.0, -0.5, 0.25}, zero[3] = {0};
  double y[3] = {Y[0], Y[1], Y[2]}, sy0[3], sy1[3], sp0[3], sp1[3];
  for (int i = 0; i < 3; i++)
    sy0[i] = vY[i], sy1[i] = 0, sp0[i] = 0, sp1[i] = vP[i];
  __enzyme_fwddiff((void *)heun, enzyme_width, 2, enzyme_dup, y, sy0, sy1,
                   enzyme_dup, P, sp0, sp1, enzyme_const, H);
  double tY[3], tP[3];
  heun_tan(Y, P, H, vY, zero, tY);
  heun_tan(Y, P, H, zero, vP, tP);
  for (comp = 0; comp < 3; comp++) {
    for (int i = 0; i < 3; i++)
      dirY[i] = vY[i], dirP[i] = zero[i];
    double fdY = ad_fd(heun_t, 0.0);
    for (int i = 0; i < 3; i++)
      dirY[i] = 0, dirP[i] = vP[i];
    double fdP = ad_fd(heun_t, 0.0);
    ad_check("heun along state", sy0[comp], tY[comp], fdY);
    ad_check("heun along params", sy1[comp], tP[comp], fdP);
    ad_check_eq("heun primal", y[comp], heun_t(0.0));
  }
  return ad_check_report();
}
