// Chains of helper functions inside the differentiated function, mixing
// static, noinline and external-linkage helpers: a helper with a loop called
// from a loop, helpers returning two results through pointers (a local
// struct and a local array), a helper writing into an ad_dup array, and a
// four-deep chain passing pointers down.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "../loops/Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 5

/* sum_{j<=i} sin(x[j]) */
__attribute__((noinline)) static double partial(const double *x, int i) {
  double s = 0;
  for (int j = 0; j <= i; ++j)
    s += sin(x[j]);
  return s;
}

/* sum_i x[i] partial(x, i) */
double nested_calls(const double *x, int n) {
  double t = 0;
  for (int i = 0; i < n; ++i)
    t += x[i] * partial(x, i);
  return t;
}

struct polar {
  double r, th;
};
static void to_polar(double a, double b, struct polar *p) {
  p->r = sqrt(a * a + b * b);
  p->th = atan2(b, a);
}
__attribute__((noinline)) void sincos2(double t, double *out) {
  out[0] = sin(t);
  out[1] = cos(t);
}
/* r sin(th) cos(th) with (r, th) the polar form of (a, b) = a b / r. */
double out_params(double a, double b) {
  struct polar p;
  double sc[2];
  to_polar(a, b, &p);
  sincos2(p.th, sc);
  return p.r * sc[0] * sc[1];
}

/* Writes into the ad_dup output through a helper. */
static void put_sq(double *y, int i, double v) { y[i] = v * v; }
void fill(double *y, const double *x, int n) {
  for (int i = 0; i < n; ++i)
    put_sq(y, i, x[i] + (i ? x[i - 1] : 0.0));
}

/* Four levels, pointers passed down. */
static double l4(const double *p) { return p[0] * p[1]; }
__attribute__((noinline)) static double l3(const double *p) {
  return exp(l4(p + 1)) + p[0];
}
double l2(const double *p) { return l3(p) * l3(p + 1); }
double l1(const double *p) { return log(1.0 + l2(p) * l2(p)); }

static double nested_w(const double *x) { return nested_calls(x, N); }
static double ob;
static double out_a(double a) { return out_params(a, ob); }
static double out_b(double b) { return out_params(0.8, b); }
static const double wt[N] = {1.0, -0.5, 0.25, 2.0, -1.5};
static double fill_w(const double *x) {
  double y[N], r = 0;
  fill(y, x, N);
  for (int i = 0; i < N; ++i)
    r += wt[i] * y[i];
  return r;
}
static double l1_w(const double *p) { return l1(p); }

int main(void) {
  double x[N], dx[N], e[N], y[N], dy[N];
  char buf[96];
  int i;
  for (i = 0; i < N; ++i) {
    x[i] = 0.2 + 0.3 * i;
    dx[i] = 0;
  }

  __ad_autodiff((void *)nested_calls, ad_dup, x, dx, (int)ad_opaque(N));
  /* d/dx_k = partial(x, k) + cos(x_k) sum_{i>=k} x_i */
  for (i = 0; i < N; ++i) {
    double tail = 0;
    for (int j = i; j < N; ++j)
      tail += x[j];
    e[i] = partial(x, i) + cos(x[i]) * tail;
  }
  lfd_check_all("nested_calls dx", dx, e, nested_w, x, N);

  {
    double a = 0.8, b = -0.6, r = sqrt(a * a + b * b);
    ad_double2 d = __ad_autodiff_d2((void *)out_params, ad_opaque(a), b);
    ob = b;
    /* a b / r: d/da = b / r - a^2 b / r^3, d/db = a / r - a b^2 / r^3 */
    ad_check("out_params da", d.d[0], b / r - a * a * b / (r * r * r),
             ad_fd(out_a, a));
    ad_check("out_params db", d.d[1], a / r - a * b * b / (r * r * r),
             ad_fd(out_b, b));
  }

  for (i = 0; i < N; ++i) {
    dx[i] = 0;
    dy[i] = wt[i];
  }
  __ad_autodiff((void *)fill, ad_dup, y, dy, ad_dup, x, dx, (int)ad_opaque(N));
  for (i = 0; i < N; ++i) {
    double v = x[i] + (i ? x[i - 1] : 0.0), g = 2 * wt[i] * v;
    if (i + 1 < N)
      g += 2 * wt[i + 1] * (x[i + 1] + x[i]);
    e[i] = g;
    snprintf(buf, sizeof buf, "fill y[%d] written", i);
    ad_check_eq(buf, y[i], v * v);
    snprintf(buf, sizeof buf, "fill dy[%d] reset", i);
    ad_check_eq(buf, dy[i], 0.0);
  }
  lfd_check_all("fill dx", dx, e, fill_w, x, N);

  {
    double p[4] = {0.3, -0.2, 0.5, 0.1}, dp[4] = {0, 0, 0, 0};
    double A = exp(p[1] * p[2]) + p[0], B = exp(p[2] * p[3]) + p[1];
    double L = A * B, g = 2 * L / (1 + L * L);
    /* dL/dp = B dA + A dB */
    double ep[4] = {
        g * B, g * (B * p[2] * exp(p[1] * p[2]) + A),
        g * (B * p[1] * exp(p[1] * p[2]) + A * p[3] * exp(p[2] * p[3])),
        g * A * p[2] * exp(p[2] * p[3])};
    __ad_autodiff((void *)l1, ad_dup, p, dp);
    for (i = 0; i < 4; ++i) {
      snprintf(buf, sizeof buf, "l1 dp[%d]", i);
      ad_check(buf, dp[i], ep[i], ad_fdn(l1_w, p, 4, i));
    }
  }
  return ad_check_report();
}
