// Functions returning void, their results written through pointers: the
// Lotka-Volterra right-hand side f(y, p) of an ODE. Reverse mode with the
// output shadow seeded by e_i gives row i of the Jacobian (in dy and dp);
// forward mode with the input tangent e_j gives column j; the two must
// agree. A void function of active scalars (polar to Cartesian) returns
// their adjoints in a struct from __enzyme_autodiff.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_dup, enzyme_const, enzyme_out, enzyme_dupnoneed;
void __enzyme_autodiff(void *, ...);
void __enzyme_fwddiff(void *, ...);
typedef struct {
  double dr, dth;
} Adj2;
Adj2 __enzyme_autodiff_polar(void *, ...);

/* p = {alpha, beta, delta, gamma} */
static void lotka(const double *y, double *f, const double *p) {
  f[0] = p[0] * y[0] - p[1] * y[0] * y[1];
  f[1] = p[2] * y[0] * y[1] - p[3] * y[1];
}

static void polar(double r, double th, double *xy) {
  xy[0] = r * cos(th);
  xy[1] = r * sin(th);
}

static const double Y[2] = {1.5, 0.8}, P[4] = {1.1, 0.4, 0.1, 0.9};
static int ROW;
static double lotka_row(const double *y) {
  double f[2];
  lotka(y, f, P);
  return f[ROW];
}
static double lotka_row_p(const double *p) {
  double f[2];
  lotka(Y, f, p);
  return f[ROW];
}

static double polar_seeded_th(double th) {
  double xy[2];
  polar(2.0, th, xy);
  return 0.5 * xy[0] + 2.0 * xy[1];
}

int main(void) {
  /* Analytic Jacobian J[i][j] = d f_i / d y_j. */
  double J[2][2] = {{P[0] - P[1] * Y[1], -P[1] * Y[0]},
                    {P[2] * Y[1], P[2] * Y[0] - P[3]}};
  double Jp[2][4] = {{Y[0], -Y[0] * Y[1], 0, 0}, {0, 0, Y[0] * Y[1], -Y[1]}};
  for (ROW = 0; ROW < 2; ROW++) {
    double f[2], df[2] = {0, 0}, dy[2] = {0, 0}, dp[4] = {0, 0, 0, 0};
    df[ROW] = 1.0;
    __enzyme_autodiff((void *)lotka, enzyme_dup, Y, dy, enzyme_dupnoneed, f, df,
                      enzyme_dup, P, dp);
    for (int j = 0; j < 2; j++)
      ad_check("reverse row dy", dy[j], J[ROW][j], ad_fdn(lotka_row, Y, 2, j));
    for (int k = 0; k < 4; k++)
      ad_check("reverse row dp", dp[k], Jp[ROW][k],
               ad_fdn(lotka_row_p, P, 4, k));
  }
  for (int j = 0; j < 2; j++) {
    double f[2], tf[2] = {0, 0}, ty[2] = {0, 0};
    ty[j] = 1.0;
    __enzyme_fwddiff((void *)lotka, enzyme_dup, Y, ty, enzyme_dup, f, tf,
                     enzyme_const, P);
    ad_check_eq("forward column, f0", tf[0], J[0][j]);
    ad_check_eq("forward column, f1", tf[1], J[1][j]);
    ad_check_eq("forward primal f0", f[0], P[0] * Y[0] - P[1] * Y[0] * Y[1]);
  }

  /* xy seeded (0.5, 2): d/dr = 0.5 cos + 2 sin, d/dth = -0.5 r sin + 2 r cos */
  double r = 2.0, th = ad_opaque(0.7), xy[2], dxy[2] = {0.5, 2.0};
  Adj2 a = __enzyme_autodiff_polar((void *)polar, enzyme_out, r, enzyme_out, th,
                                   enzyme_dup, xy, dxy);
  ad_check_eq("polar d/dr", a.dr, 0.5 * cos(th) + 2 * sin(th));
  ad_check("polar d/dth", a.dth, -0.5 * r * sin(th) + 2 * r * cos(th),
           ad_fd(polar_seeded_th, th));
  ad_check_eq("polar primal", xy[1], r * sin(th));
  return ad_check_report();
}
