// A differentiated function returning a struct through memory (sret: more
// than two registers' worth). Forward mode: the call returns the result's
// tangent (ad_result gets the result). Reverse mode: `ad_seed, &s` gives the
// seed of each field, and the gradient is that of sum_k s_k result_k. The
// struct holds an array, a nested struct and a float; the function has a
// loop, and is called in a loop of the caller (its slots are reused).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

typedef struct {
  double lo, hi;
} Range;
typedef struct {
  double moments[3]; /* sum x, sum x^2, sum sin(k x) */
  Range range;
  float scale;
} Stats;

Stats stats(const double *x, int n, double k) {
  Stats s = {{0, 0, 0}, {x[0], x[0]}, (float)k};
  for (int i = 0; i < n; i++) {
    s.moments[0] += x[i];
    s.moments[1] += x[i] * x[i];
    s.moments[2] += sin(k * x[i]);
    s.range.lo = fmin(s.range.lo, x[i]);
    s.range.hi = fmax(s.range.hi, x[i]);
  }
  return s;
}
Stats __ad_fwddiff_stats(void *, ...);
typedef struct {
  double dk;
} DK;
DK __ad_autodiff_dk(void *, ...);

/* The seeded sum, for finite differences in x and k. */
static const Stats Seed = {{1.0, 0.5, 2.0}, {3.0, -1.0}, 4.0f};
static double weighted(const double *x, int n, double k) {
  Stats s = stats(x, n, k);
  return Seed.moments[0] * s.moments[0] + Seed.moments[1] * s.moments[1] +
         Seed.moments[2] * s.moments[2] + Seed.range.lo * s.range.lo +
         Seed.range.hi * s.range.hi + Seed.scale * s.scale;
}
static double X[4] = {0.3, -1.2, 2.0, 0.7};
static double w_k(double k) { return weighted(X, 4, k); }
static double w_x(const double *x) { return weighted(x, 4, 1.5); }

int main(void) {
  const int n = 4;
  double k = 1.5;
  for (int rep = 0; rep < 2; rep++) { /* the slots are reused */
    double dx[4] = {0, 0, 0, 0};
    DK d = __ad_autodiff_dk((void *)stats, ad_dup, X, dx, ad_const, n, k,
                            ad_seed, &Seed);
    /* scale = (float)k: its derivative goes through the float cast. */
    double want_k = 4.0;
    for (int i = 0; i < n; i++)
      want_k += 2.0 * X[i] * cos(k * X[i]);
    /* A step of 2^-7: k +- h and k +- 2h are floats, (float)k is exact. */
    ad_check("reverse: d/dk", d.dk, want_k, ad_fd_h(w_k, k, 0x1p-7));
    for (int i = 0; i < n; i++) {
      double want = 1.0 + X[i] + 2.0 * k * cos(k * X[i]) +
                    (i == 1 ? 3.0 : 0.0) + (i == 2 ? -1.0 : 0.0);
      ad_check("reverse: d/dx", dx[i], want, ad_fdn(w_x, X, n, i));
    }
  }
  /* Forward: tangent in x2 and k at once. */
  double t[4] = {0, 0, 1.0, 0};
  Stats r;
  Stats dt = __ad_fwddiff_stats((void *)stats, ad_dup, X, t, ad_const, n,
                                ad_dup, k, 1.0, ad_result, &r);
  Stats s = stats(X, n, k);
  ad_check_exact("forward: result", r.moments[2], s.moments[2]);
  ad_check_exact("forward: result range", r.range.hi, s.range.hi);
  ad_check_eq("forward: d sum x", dt.moments[0], 1.0);
  ad_check_eq("forward: d sum x^2", dt.moments[1], 2.0 * X[2]);
  double want = k * cos(k * X[2]);
  for (int i = 0; i < n; i++)
    want += X[i] * cos(k * X[i]);
  ad_check_eq("forward: d sum sin", dt.moments[2], want);
  ad_check_eq("forward: d lo", dt.range.lo, 0.0);
  ad_check_eq("forward: d hi", dt.range.hi, 1.0);
  ad_check_eq("forward: d scale", dt.scale, 1.0);
  return ad_check_report();
}
