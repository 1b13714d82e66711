// `do-while` loops: the body runs before the first test, so a trip count of
// 0 still runs once; a data-dependent exit test; a do-while over an array.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>

/* n steps of x <- 0.5 x + a sin(x); at least one. */
double damp(double x, double a, int n) {
  int k = 0;
  do {
    x = 0.5 * x + a * sin(x);
    ++k;
  } while (k < n);
  return x;
}

/* Halves the step until it is below the tolerance; the result depends on x
 * through the (piecewise constant) count and smoothly through y. */
double halve(double x) {
  double y = x;
  do {
    y = y * 0.5 + 0.01 * y * y;
  } while (y > 0.1);
  return y;
}

/* Sum of x[i] * x[i+1] by a do-while over the array (n >= 2). */
double chain_sum(const double *x, int n) {
  double s = 0;
  int i = 0;
  do {
    s += x[i] * x[i + 1];
    ++i;
  } while (i + 1 < n);
  return s;
}

static void damp_tangent(double x, double a, int n, double *tx, double *ta) {
  int k = 0;
  *tx = 1;
  *ta = 0;
  do {
    double f = 0.5 + a * cos(x);
    *ta = sin(x) + f * *ta;
    *tx = f * *tx;
    x = 0.5 * x + a * sin(x);
    ++k;
  } while (k < n);
}

static double halve_tangent(double x) {
  double y = x, t = 1;
  do {
    t = (0.5 + 0.02 * y) * t;
    y = y * 0.5 + 0.01 * y * y;
  } while (y > 0.1);
  return t;
}

static int g_n;
static double damp_a(const double *v) { return damp(v[0], v[1], g_n); }
#define NC 7
static double chain_a(const double *x) { return chain_sum(x, g_n); }

int main(void) {
  double v[2] = {0.9, 0.8}, tx, ta, x;
  double c[NC] = {0.3, -1.2, 0.8, 2.0, -0.5, 1.1, 0.6};
  double dc[NC] = {0}, ec[NC] = {0};
  ad_double2 g;
  int n, i;

  for (n = 0; n <= 5; n += 5) {
    g_n = n;
    damp_tangent(v[0], v[1], n, &tx, &ta);
    g = __ad_autodiff_d2((void *)damp, v[0], v[1], n);
    printf("damp n=%d\n", n);
    ad_check("damp dx", g.d[0], tx, ad_fdn(damp_a, v, 2, 0));
    ad_check("damp da", g.d[1], ta, ad_fdn(damp_a, v, 2, 1));
  }
  g_n = n = (int)ad_opaque(12);
  damp_tangent(v[0], v[1], n, &tx, &ta);
  g = __ad_autodiff_d2((void *)damp, v[0], v[1], n);
  ad_check("damp n=12 dx", g.d[0], tx, ad_fdn(damp_a, v, 2, 0));
  ad_check("damp n=12 da", g.d[1], ta, ad_fdn(damp_a, v, 2, 1));

  /* 3.7 -> 1.9869 -> 1.0329 -> 0.5271 -> 0.2663 -> 0.1339 -> 0.0671. */
  x = 3.7;
  ad_check("halve", __ad_autodiff((void *)halve, x), halve_tangent(x),
           ad_fd(halve, x));
  x = ad_opaque(0.05); /* one iteration */
  ad_check("halve once", __ad_autodiff((void *)halve, x), 0.5 + 0.02 * x,
           ad_fd(halve, x));

  g_n = n = NC;
  for (i = 0; i < NC; ++i)
    ec[i] = (i > 0 ? c[i - 1] : 0) + (i + 1 < NC ? c[i + 1] : 0);
  __ad_autodiff((void *)chain_sum, ad_dup, c, dc, n);
  lfd_check_all("chain_sum dc", dc, ec, chain_a, c, NC);
  g_n = n = (int)ad_opaque(2);
  for (i = 0; i < NC; ++i)
    dc[i] = ec[i] = 0;
  ec[0] = c[1];
  ec[1] = c[0];
  __ad_autodiff((void *)chain_sum, ad_dup, c, dc, n);
  lfd_check_all("chain_sum n=2 dc", dc, ec, chain_a, c, NC);
  return ad_check_report();
}
