// Custom derivatives (AD_REGISTER_REVERSE) for functions defined in another
// translation unit (Inputs/blackbox.c, compiled without the plugin and
// linked): a scalar function called in a loop and outside, and a function of
// two pointers and an int whose reverse receives the shadows (NULL for the
// ad_const one). The registered reverses count their calls, so the test also
// sees that they replaced differentiation. custom_reverse_void.c has a void
// function writing through a pointer.
// RUN: %clang -O2 -c %S/Inputs/blackbox.c -o %t.o
// RUN: %clang -O0 %s %t.o -o %t0 -lm && %t0
// RUN: %clang -O1 %s %t.o -o %t1 -lm && %t1
// RUN: %clang -O2 %s %t.o -o %t2 -lm && %t2
// RUN: %clang -O3 %s %t.o -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 4

double softplus(double x);
double wsq(const double *x, const double *w, int n);

static int n_softplus_rev, n_wsq_rev;
static const double *wsq_dw_seen;

static void softplus_rev(double x, double seed, double *dx) {
  ++n_softplus_rev;
  *dx += seed / (1.0 + exp(-x));
}
AD_REGISTER_REVERSE(softplus, softplus_rev);

static void wsq_rev(const double *x, const double *w, int n, double seed,
                    double *dx, double *dw) {
  ++n_wsq_rev;
  wsq_dw_seen = dw;
  for (int i = 0; i < n; ++i) {
    if (dx)
      dx[i] += seed * 2 * w[i] * x[i];
    if (dw)
      dw[i] += seed * x[i] * x[i];
  }
}
AD_REGISTER_REVERSE(wsq, wsq_rev);

/* sum_i softplus(x_i a) + softplus(a) */
double use_softplus(const double *x, double a, int n) {
  double s = softplus(a);
  for (int i = 0; i < n; ++i)
    s += softplus(x[i] * a);
  return s;
}

/* sin(wsq(x, w)) with w ad_const or ad_dup. */
double use_wsq(const double *x, const double *w, int n) {
  return sin(wsq(x, w, n));
}

static double sig(double x) { return 1.0 / (1.0 + exp(-x)); }

static double xs[N] = {0.3, -1.2, 0.8, 2.0}, ws[N] = {1.0, 0.5, -2.0, 0.25};
static double use_softplus_a(double a) { return use_softplus(xs, a, N); }
static double use_wsq_x0(double v) {
  double x[N] = {v, xs[1], xs[2], xs[3]};
  return use_wsq(x, ws, N);
}
static double use_wsq_w2(double v) {
  double w[N] = {ws[0], ws[1], v, ws[3]};
  return use_wsq(xs, w, N);
}

int main(void) {
  double dx[N] = {0}, dw[N] = {0}, d, a = 0.7, q = 0;
  char buf[96];
  int i;

  d = __ad_autodiff((void *)use_softplus, ad_dup, xs, dx, ad_opaque(a), N);
  {
    double e = sig(a);
    for (i = 0; i < N; ++i) {
      e += sig(xs[i] * a) * xs[i];
      snprintf(buf, sizeof buf, "use_softplus dx[%d]", i);
      ad_check_eq(buf, dx[i], sig(xs[i] * a) * a);
    }
    ad_check("use_softplus da", d, e, ad_fd(use_softplus_a, a));
  }
  ad_check_eq("softplus reverse called N + 1 times", n_softplus_rev, N + 1);

  for (i = 0; i < N; ++i) {
    dx[i] = 0;
    q += ws[i] * xs[i] * xs[i];
  }
  __ad_autodiff((void *)use_wsq, ad_dup, xs, dx, ad_const, ws, N);
  ad_check("use_wsq dx[0]", dx[0], cos(q) * 2 * ws[0] * xs[0],
           ad_fd(use_wsq_x0, xs[0]));
  ad_check_eq("use_wsq dx[2]", dx[2], cos(q) * 2 * ws[2] * xs[2]);
  ad_check_eq("wsq reverse: ad_const shadow is NULL", wsq_dw_seen == 0, 1.0);
  for (i = 0; i < N; ++i)
    dx[i] = 0;
  __ad_autodiff((void *)use_wsq, ad_dup, xs, dx, ad_dup, ws, dw, N);
  ad_check_eq("use_wsq (dup w) dx[1]", dx[1], cos(q) * 2 * ws[1] * xs[1]);
  ad_check("use_wsq (dup w) dw[2]", dw[2], cos(q) * xs[2] * xs[2],
           ad_fd(use_wsq_w2, ws[2]));
  ad_check_eq("wsq reverse: ad_dup shadow passed", wsq_dw_seen == dw, 1.0);
  ad_check_eq("wsq reverse called twice", n_wsq_rev, 2);

  return ad_check_report();
}
