// Callees that cannot be inlined (recursive) and write memory are split: the
// caller's forward sweep runs their augmented forward, which keeps a tape,
// and its reverse sweep runs their reverse with that tape. Covered: a
// recursion writing its ad_dup argument, one called in a loop of the caller
// with a stack buffer, and one passing its own stack array down (that array
// outlives the augmented forward on the heap).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

#define N 6

/* x[n-1] *= x[n-2], ..., then the sum of what remains on the way back. */
double scan(double *x, int n) {
  if (n <= 1)
    return x[0];
  x[n - 1] *= x[n - 2];
  return scan(x, n - 1) + x[n - 1];
}

/* The same with tangents t (d x / d seed direction). */
static double scan_d(double *x, double *t, int n, double *dv) {
  if (n <= 1) {
    *dv = t[0];
    return x[0];
  }
  t[n - 1] = t[n - 1] * x[n - 2] + x[n - 1] * t[n - 2];
  x[n - 1] *= x[n - 2];
  double d, v = scan_d(x, t, n - 1, &d);
  *dv = d + t[n - 1];
  return v + x[n - 1];
}

/* buf[n-1] = a buf[n-1] + sin(buf[n-1]), recursively, summing squares. */
static double poly(double *buf, int n, double a) {
  if (n == 0)
    return 0;
  buf[n - 1] = a * buf[n - 1] + sin(buf[n - 1]);
  return buf[n - 1] * buf[n - 1] + poly(buf, n - 1, a);
}

double looped(const double *x, int m) {
  double s = 0;
  for (int i = 0; i + 1 < m; i++) {
    double tmp[3] = {x[i], x[i] * x[i], 1.0};
    s += poly(tmp, 3, x[i + 1]);
  }
  return s;
}

/* Each level hands its own stack array to the next one. */
static void chain(const double *x, double *out, const double *prev, int n) {
  if (n == 0)
    return;
  double loc[2] = {x[0] * prev[1], sin(x[0]) + prev[0]};
  chain(x + 1, out + 1, loc, n - 1);
  out[0] = loc[0] * loc[1];
}

double chained(const double *x, int n) {
  double out[N], seed[2], s = 0;
  seed[0] = 1.0; /* (an initializer would be an untyped copy at -O0) */
  seed[1] = 0.5;
  chain(x, out, seed, n);
  for (int i = 0; i < n; i++)
    s += (i + 1) * out[i];
  return s;
}

static const double X0[N] = {0.7, -0.4, 1.1, 0.9, -1.3, 0.5};

static double scan_x(const double *x0) {
  double x[N];
  memcpy(x, x0, sizeof x);
  return scan(x, N);
}
static double looped_x(const double *x) { return looped(x, N); }
static double chained_x(const double *x) { return chained(x, N); }

/* Analytic references by forward differentiation, one direction at a time.
 * poly and chain get theirs from the chain rule written out below. */
static double poly_d(double *b, double *tb, int n, double a, double ta,
                     double *dv) {
  if (n == 0) {
    *dv = 0;
    return 0;
  }
  double old = b[n - 1];
  tb[n - 1] = ta * old + a * tb[n - 1] + cos(old) * tb[n - 1];
  b[n - 1] = a * old + sin(old);
  double d, v = poly_d(b, tb, n - 1, a, ta, &d);
  *dv = 2 * b[n - 1] * tb[n - 1] + d;
  return b[n - 1] * b[n - 1] + v;
}

static double looped_dir(const double *x, int k) {
  double ds = 0;
  for (int i = 0; i + 1 < N; i++) {
    double ti = i == k, tn = i + 1 == k, d;
    double tmp[3] = {x[i], x[i] * x[i], 1.0}, t[3] = {ti, 2 * x[i] * ti, 0};
    poly_d(tmp, t, 3, x[i + 1], tn, &d);
    ds += d;
  }
  return ds;
}

static void chain_d(const double *x, const double *tx, double *out,
                    double *tout, const double *prev, const double *tprev,
                    int n) {
  if (n == 0)
    return;
  double loc[2] = {x[0] * prev[1], sin(x[0]) + prev[0]};
  double tl[2] = {tx[0] * prev[1] + x[0] * tprev[1],
                  cos(x[0]) * tx[0] + tprev[0]};
  chain_d(x + 1, tx + 1, out + 1, tout + 1, loc, tl, n - 1);
  out[0] = loc[0] * loc[1];
  tout[0] = tl[0] * loc[1] + loc[0] * tl[1];
}

static double chained_dir(const double *x, int k) {
  double tx[N] = {0}, out[N], tout[N], seed[2] = {1.0, 0.5}, ts[2] = {0, 0};
  double ds = 0;
  tx[k] = 1;
  chain_d(x, tx, out, tout, seed, ts, N);
  for (int i = 0; i < N; i++)
    ds += (i + 1) * tout[i];
  return ds;
}

int main(void) {
  char name[64];
  double x[N], dx[N] = {0};
  memcpy(x, X0, sizeof x);
  double v = __ad_autodiff((void *)scan, ad_dup, x, dx, N);
  (void)v;
  for (int k = 0; k < N; k++) {
    double xs[N], t[N] = {0}, d;
    memcpy(xs, X0, sizeof xs);
    t[k] = 1;
    scan_d(xs, t, N, &d);
    snprintf(name, sizeof name, "scan dx[%d]", k);
    ad_check(name, dx[k], d, ad_fdn(scan_x, X0, N, k));
  }
  double xs[N];
  memcpy(xs, X0, sizeof xs);
  scan(xs, N);
  for (int k = 0; k < N; k++) {
    snprintf(name, sizeof name, "scan x[%d] after", k);
    ad_check_eq(name, x[k], xs[k]);
  }

  double dl[N] = {0};
  __ad_autodiff((void *)looped, ad_dup, X0, dl, ad_const, N);
  for (int k = 0; k < N; k++) {
    snprintf(name, sizeof name, "looped dx[%d]", k);
    ad_check(name, dl[k], looped_dir(X0, k), ad_fdn(looped_x, X0, N, k));
  }

  double dc[N] = {0};
  __ad_autodiff((void *)chained, ad_dup, X0, dc, ad_const, N);
  for (int k = 0; k < N; k++) {
    snprintf(name, sizeof name, "chained dx[%d]", k);
    ad_check(name, dc[k], chained_dir(X0, k), ad_fdn(chained_x, X0, N, k));
  }
  return ad_check_report();
}
