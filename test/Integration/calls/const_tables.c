// Constant lookup tables (static const arrays) in differentiated code:
// polynomial coefficients read in a loop (Horner), a piecewise-linear
// interpolation whose segment index is computed from the active input, and a
// 2-D table of weights mixing an ad_dup array (y = W x, sum tanh(y)). The
// tables are constant: no shadow, no derivative of their entries.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define NC 6
static const double coef[NC] = {0.5, -1.25, 2.0, 0.75, -0.3, 0.1};

/* sum_k coef[k] x^(NC-1-k) */
double poly(double x) {
  double r = 0;
  for (int k = 0; k < NC; ++k)
    r = r * x + coef[k];
  return r;
}

#define NT 5
static const double tab[NT] = {0.0, 1.5, 1.0, 3.0, 2.5};
/* Linear interpolation of tab on [0, NT-1], then squared. */
double interp(double x) {
  int i = (int)floor(x);
  double t, y;
  if (i < 0)
    i = 0;
  if (i > NT - 2)
    i = NT - 2;
  t = x - i;
  y = tab[i] + t * (tab[i + 1] - tab[i]);
  return y * y;
}

#define R 3
#define C 4
static const double W[R][C] = {
    {1.0, -0.5, 0.25, 2.0}, {0.0, 1.5, -1.0, 0.5}, {-2.0, 0.75, 0.5, 1.0}};
double layer(const double *x) {
  double s = 0;
  for (int r = 0; r < R; ++r) {
    double y = 0;
    for (int c = 0; c < C; ++c)
      y += W[r][c] * x[c];
    s += tanh(y);
  }
  return s;
}

static double poly_d(double x) {
  double r = 0;
  for (int k = 0; k < NC - 1; ++k)
    r += coef[k] * (NC - 1 - k) * pow(x, NC - 2 - k);
  return r;
}

int main(void) {
  double x[C] = {0.3, -0.6, 0.9, 0.2}, dx[C] = {0, 0, 0, 0};
  char buf[96];
  int c, r;

  ad_check("poly dx", __ad_autodiff((void *)poly, ad_opaque(0.8)), poly_d(0.8),
           ad_fd(poly, 0.8));
  ad_check("poly dx (-1.7)", __ad_autodiff((void *)poly, -1.7), poly_d(-1.7),
           ad_fd(poly, -1.7));

  {
    /* Segment 2: y = 1 + t (3 - 1) = 2x - 3; (y^2)' = 4 (2x - 3). */
    double xs[3] = {2.4, 0.3, 3.7};
    double es[3] = {4 * (2 * 2.4 - 3), 2 * (1.5 * 0.3) * 1.5,
                    2 * (3.0 - 0.5 * 0.7) * -0.5};
    for (int k = 0; k < 3; ++k) {
      snprintf(buf, sizeof buf, "interp dx (%g)", xs[k]);
      ad_check(buf, __ad_autodiff((void *)interp, ad_opaque(xs[k])), es[k],
               ad_fd(interp, xs[k]));
    }
  }

  __ad_autodiff((void *)layer, ad_dup, x, dx);
  for (c = 0; c < C; ++c) {
    double e = 0;
    for (r = 0; r < R; ++r) {
      double y = 0, t;
      for (int k = 0; k < C; ++k)
        y += W[r][k] * x[k];
      t = tanh(y);
      e += (1 - t * t) * W[r][c];
    }
    snprintf(buf, sizeof buf, "layer dx[%d]", c);
    ad_check(buf, dx[c], e, ad_fdn(layer, x, C, c));
  }
  return ad_check_report();
}
