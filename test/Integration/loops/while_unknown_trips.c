// `while` loops whose trip count is unknown until they exit: a scalar grown
// until it passes a threshold (inputs chosen so that no iterate is near the
// threshold, so the finite differences do not change the trip count), a sum
// up to a negative sentinel, and Newton's square root iterated to a
// tolerance.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>

double grow(double x, double a) {
  while (x < 50.0)
    x = x * a + sin(x);
  return x;
}

/* The iteration count is used in the result too. */
double grow_count(double x, double a) {
  int k = 0;
  while (x < 50.0) {
    x = x * a + sin(x);
    ++k;
  }
  return x / k;
}

/* Sum of squares up to the first negative entry. */
double sum_to_sentinel(const double *x) {
  double s = 0;
  int i = 0;
  while (x[i] >= 0) {
    s += x[i] * x[i] * x[i];
    ++i;
  }
  return s * x[i];
}

double newton_sqrt(double a) {
  double y = a > 1 ? a : 1.0;
  while (fabs(y * y - a) > 1e-13 * a)
    y = 0.5 * (y + a / y);
  return y;
}

/* Hand-written tangent of grow: derivative of the result w.r.t. x and a. */
static void grow_tangent(double x, double a, double *dx, double *da, int *k) {
  double tx = 1, ta = 0;
  *k = 0;
  while (x < 50.0) {
    double f = a + cos(x);
    ta = x + f * ta;
    tx = f * tx;
    x = x * a + sin(x);
    ++*k;
  }
  *dx = tx;
  *da = ta;
}

static double grow_a(const double *v) { return grow(v[0], v[1]); }
static double grow_count_a(const double *v) { return grow_count(v[0], v[1]); }

#define NS 8
static double sentinel_a(const double *x) {
  double t[NS + 1];
  int i;
  for (i = 0; i < NS; ++i)
    t[i] = x[i];
  t[NS] = -1.0;
  return sum_to_sentinel(t);
}

static void check_grow(double x, double a) {
  double v[2], tx, ta;
  int k;
  ad_double2 g;
  v[0] = x;
  v[1] = a;
  grow_tangent(x, a, &tx, &ta, &k);
  printf("grow(%g, %g): %d iterations\n", x, a, k);
  g = __ad_autodiff_d2((void *)grow, x, a);
  ad_check("grow dx", g.d[0], tx, ad_fdn(grow_a, v, 2, 0));
  ad_check("grow da", g.d[1], ta, ad_fdn(grow_a, v, 2, 1));
  g = __ad_autodiff_d2((void *)grow_count, ad_opaque(x), ad_opaque(a));
  ad_check("grow_count dx", g.d[0], tx / k, ad_fdn(grow_count_a, v, 2, 0));
  ad_check("grow_count da", g.d[1], ta / k, ad_fdn(grow_count_a, v, 2, 1));
}

int main(void) {
  double x[NS + 1] = {0.5, 1.2, 0.3, 2.0, 0.7, -2.5, 9.0, 9.0, -1.0};
  double dx[NS + 1] = {0};
  double ex[NS + 1] = {0};
  double a;
  int i;

  check_grow(0.4, 1.6);
  check_grow(1.3, 1.7);
  check_grow(ad_opaque(1.6), ad_opaque(2.1));

  /* Stops at x[5] = -2.5: s = sum_{i<5} x[i]^3, result s * x[5]. */
  for (i = 0; i < 5; ++i)
    ex[i] = 3 * x[i] * x[i] * x[5];
  ex[5] = 0;
  for (i = 0; i < 5; ++i)
    ex[5] += x[i] * x[i] * x[i];
  __ad_autodiff((void *)sum_to_sentinel, ad_dup, x, dx);
  lfd_check_all("sentinel dx", dx, ex, sentinel_a, x, NS);
  ad_check_eq("sentinel dx[8] (never read)", dx[8], 0.0);

  /* Second sentinel moved: now stops at x[2]. */
  x[2] = -0.3;
  for (i = 0; i < NS; ++i)
    dx[i] = ex[i] = 0;
  ex[0] = 3 * x[0] * x[0] * x[2];
  ex[1] = 3 * x[1] * x[1] * x[2];
  ex[2] = x[0] * x[0] * x[0] + x[1] * x[1] * x[1];
  __ad_autodiff((void *)sum_to_sentinel, ad_dup, x, dx);
  lfd_check_all("sentinel@2 dx", dx, ex, sentinel_a, x, NS);

  a = 2.0;
  ad_check("newton sqrt(2)", __ad_autodiff((void *)newton_sqrt, a),
           0.5 / sqrt(a), ad_fd(newton_sqrt, a));
  a = ad_opaque(1234.5);
  ad_check("newton sqrt(1234.5)", __ad_autodiff((void *)newton_sqrt, a),
           0.5 / sqrt(a), ad_fd(newton_sqrt, a));
  a = ad_opaque(0.37);
  ad_check("newton sqrt(0.37)", __ad_autodiff((void *)newton_sqrt, a),
           0.5 / sqrt(a), ad_fd(newton_sqrt, a));
  return ad_check_report();
}
