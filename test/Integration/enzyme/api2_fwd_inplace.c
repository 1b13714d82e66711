// __enzyme_fwddiff of void functions writing their outputs through
// pointers: an in-place softmax (the input array is overwritten, its shadow
// goes in with the input tangent and comes out with the output tangent),
// and a function with two outputs, the log-sum-exp passed enzyme_dupnoneed
// (only its tangent is wanted; the primal slot may hold anything) and the
// max passed enzyme_dup. Checked against the analytic tangents and finite
// differences along the seed direction.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <math.h>

extern int enzyme_dup, enzyme_dupnoneed, enzyme_const;
void __enzyme_fwddiff(void *, ...);

enum { N = 4 };

static void softmax_inplace(double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += x[i] = exp(x[i]);
  for (int i = 0; i < n; i++)
    x[i] /= s;
}

static void lse_max(const double *x, int n, double *lse, double *mx) {
  double m = x[0], s = 0;
  for (int i = 1; i < n; i++)
    m = x[i] > m ? x[i] : m;
  for (int i = 0; i < n; i++)
    s += exp(x[i] - m);
  *lse = m + log(s);
  *mx = m * m;
}

static const double X[N] = {0.2, -1.0, 1.4, 0.5};
static const double V[N] = {1.0, 0.5, -0.3, 2.0};
static int comp;
/* Softmax component `comp` along V, for finite differences in t. */
static double sm_t(double t) {
  double y[N];
  for (int i = 0; i < N; i++)
    y[i] = X[i] + t * V[i];
  softmax_inplace(y, N);
  return y[comp];
}
static double lse_t(double t) {
  double y[N], l, m;
  for (int i = 0; i < N; i++)
    y[i] = X[i] + t * V[i];
  lse_max(y, N, &l, &m);
  return comp ? m : l;
}

int main(void) {
  double x[N], dx[N], p[N], sv = 0, se = 0;
  for (int i = 0; i < N; i++)
    x[i] = X[i], dx[i] = V[i], se += exp(X[i]);
  for (int i = 0; i < N; i++)
    p[i] = exp(X[i]) / se, sv += p[i] * V[i];
  __enzyme_fwddiff((void *)softmax_inplace, enzyme_dup, x, dx, enzyme_const, N);
  for (comp = 0; comp < N; comp++) {
    ad_check_eq("softmax primal", x[comp], p[comp]);
    ad_check("softmax tangent", dx[comp], p[comp] * (V[comp] - sv),
             ad_fd(sm_t, 0.0));
  }

  double xi[N], dxi[N], lse = -7, dlse = 0, mx = 0, dmx = 0;
  for (int i = 0; i < N; i++)
    xi[i] = X[i], dxi[i] = V[i];
  __enzyme_fwddiff((void *)lse_max, enzyme_dup, xi, dxi, enzyme_const, N,
                   enzyme_dupnoneed, &lse, &dlse, enzyme_dup, &mx, &dmx);
  comp = 0;
  ad_check("lse tangent (dupnoneed)", dlse, sv, ad_fd(lse_t, 0.0));
  comp = 1;
  ad_check_eq("max^2 primal", mx, 1.4 * 1.4);
  ad_check("max^2 tangent", dmx, 2 * 1.4 * V[2], ad_fd(lse_t, 0.0));
  for (int i = 0; i < N; i++)
    ad_check_exact("input tangent untouched", dxi[i], V[i]);
  return ad_check_report();
}
