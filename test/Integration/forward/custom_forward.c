// Custom forward derivatives (AD_REGISTER_FORWARD) for functions defined in
// another translation unit (Inputs/fwd_blackbox.c, compiled without the
// plugin and linked): a scalar function called in a loop and outside (its
// forward returns the tangent and stores the primal through the result
// pointer), and a void function writing through a pointer, whose forward
// gets the shadows (NULL for an ad_const array) and the tangent of its
// double argument (0 when constant), into a local buffer and into the
// caller's ad_dup output. The forwards count their calls, so the test also
// sees that they replaced differentiation.
// RUN: %clang -O2 -c %S/Inputs/fwd_blackbox.c -o %t.o
// RUN: %clang -O0 %s %t.o -o %t0 -lm && %t0
// RUN: %clang -O1 %s %t.o -o %t1 -lm && %t1
// RUN: %clang -O2 %s %t.o -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s %t.o -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

#define N 4

double softplus(double x);
void scale(const double *x, double *y, int n, double a);

static int n_softplus_fwd, n_scale_fwd;
static const double *scale_dx_seen;
static double *scale_dy_seen;
static double scale_da_seen;

static double softplus_fwd(double x, double dx, double *result) {
  ++n_softplus_fwd;
  *result = softplus(x);
  return dx / (1.0 + exp(-x));
}
AD_REGISTER_FORWARD(softplus, softplus_fwd);

static void scale_fwd(const double *x, double *y, int n, double a,
                      const double *dx, double *dy, double da) {
  ++n_scale_fwd;
  scale_dx_seen = dx;
  scale_dy_seen = dy;
  scale_da_seen = da;
  for (int i = 0; i < n; ++i) {
    if (dy)
      dy[i] = da * x[i] + (dx ? a * dx[i] : 0.0);
    y[i] = a * x[i];
  }
}
AD_REGISTER_FORWARD(scale, scale_fwd);

/* sum_i softplus(a x_i) + softplus(a) */
double use_softplus(const double *x, double a, int n) {
  double s = softplus(a);
  for (int i = 0; i < n; ++i)
    s += softplus(x[i] * a);
  return s;
}

/* y = a x (black box) in a local buffer; sum_i sin(y_i) + y_i x_i. */
double use_scale(const double *x, double a, int n) {
  double y[N], s = 0;
  scale(x, y, n, a);
  for (int i = 0; i < n; ++i)
    s += sin(y[i]) + y[i] * x[i];
  return s;
}

/* out = a x (black box, into the caller's array), then out[0] *= out[1]. */
void scale_out(const double *x, double *out, int n, double a) {
  scale(x, out, n, a);
  out[0] *= out[1];
}

static double sig(double x) { return 1.0 / (1.0 + exp(-x)); }

static const double X0[N] = {0.3, -1.2, 0.8, 2.0};
static const double V[N] = {1.0, -0.5, 0.25, 2.0};
static double A0 = 0.7, VA = -0.4, USE_VX = 1;
static int ROW;
static void at(double t, double *z, double *a) {
  for (int i = 0; i < N; ++i)
    z[i] = X0[i] + t * USE_VX * V[i];
  *a = A0 + t * VA;
}
static double softplus_dir(double t) {
  double z[N], a;
  at(t, z, &a);
  return use_softplus(z, a, N);
}
static double scale_dir(double t) {
  double z[N], a;
  at(t, z, &a);
  return use_scale(z, a, N);
}
static double scale_out_dir(double t) {
  double z[N], a, o[N];
  at(t, z, &a);
  scale_out(z, o, N, a);
  return o[ROW];
}

int main(void) {
  double x[N], v[N], out[N], dout[N], d, e, r;
  char buf[96];
  int i;
  memcpy(x, X0, sizeof x);
  memcpy(v, V, sizeof v);

  e = sig(A0) * VA;
  for (i = 0; i < N; ++i)
    e += sig(A0 * X0[i]) * (VA * X0[i] + A0 * V[i]);
  d = __ad_fwddiff((void *)use_softplus, ad_dup, x, v, ad_dup, ad_opaque(A0),
                   VA, N);
  ad_check_eq("softplus forward called N + 1 times", n_softplus_fwd, N + 1);
  ad_check("use_softplus", d, e, ad_fd(softplus_dir, 0.0));
  r = -1;
  d = __ad_fwddiff((void *)use_softplus, ad_dup, x, v, ad_dup, A0, VA,
                   (int)ad_opaque(N), ad_result, &r);
  ad_check_eq("softplus forward called 2 (N + 1) times", n_softplus_fwd,
              2 * (N + 1));
  ad_check("use_softplus with ad_result", d, e, ad_fd(softplus_dir, 0.0));
  ad_check_eq("use_softplus ad_result", r, use_softplus(X0, A0, N));

  /* x and a differentiated: dy = da x + a dx. */
  e = 0;
  for (i = 0; i < N; ++i) {
    double y = A0 * X0[i], dy = VA * X0[i] + A0 * V[i];
    e += cos(y) * dy + dy * X0[i] + y * V[i];
  }
  d = __ad_fwddiff((void *)use_scale, ad_dup, x, v, ad_dup, A0, VA, N);
  ad_check_eq("scale forward called once", n_scale_fwd, 1);
  ad_check_eq("scale forward: dx is the caller's shadow", scale_dx_seen == v,
              1);
  ad_check_eq("scale forward: dy given", scale_dy_seen != 0, 1);
  ad_check_eq("scale forward: da", scale_da_seen, VA);
  ad_check("use_scale", d, e, ad_fd(scale_dir, 0.0));

  /* x ad_const: dx is NULL. */
  e = 0;
  for (i = 0; i < N; ++i) {
    double y = A0 * X0[i], dy = VA * X0[i];
    e += cos(y) * dy + dy * X0[i];
  }
  d = __ad_fwddiff((void *)use_scale, ad_const, x, ad_dup, A0, VA,
                   (int)ad_opaque(N));
  ad_check_eq("scale forward called twice", n_scale_fwd, 2);
  ad_check_eq("scale forward: const x has a NULL shadow", scale_dx_seen == 0,
              1);
  USE_VX = 0;
  ad_check("use_scale, x const", d, e, ad_fd(scale_dir, 0.0));
  USE_VX = 1;

  /* a ad_const (da = 0), the output is the caller's array. */
  for (i = 0; i < N; ++i)
    out[i] = dout[i] = 99;
  d = __ad_fwddiff((void *)scale_out, ad_dup, x, v, ad_dup, out, dout, N,
                   ad_const, A0);
  ad_check_eq("scale_out returns 0", d, 0);
  ad_check_eq("scale forward called three times", n_scale_fwd, 3);
  ad_check_eq("scale forward: dy is the caller's shadow", scale_dy_seen == dout,
              1);
  ad_check_eq("scale forward: da of a constant", scale_da_seen, 0);
  VA = 0;
  for (i = 0; i < N; ++i) {
    double p = A0 * X0[i], t = A0 * V[i];
    if (i == 0) {
      p *= A0 * X0[1];
      t = A0 * V[0] * A0 * X0[1] + A0 * X0[0] * A0 * V[1];
    }
    ROW = i;
    snprintf(buf, sizeof buf, "scale_out out[%d]", i);
    ad_check_eq(buf, out[i], p);
    snprintf(buf, sizeof buf, "scale_out dout[%d]", i);
    ad_check(buf, dout[i], t, ad_fd(scale_out_dir, 0.0));
  }
  ad_check_eq("inputs and their tangents unchanged",
              memcmp(x, X0, sizeof x) == 0 && memcmp(v, V, sizeof v) == 0, 1);
  return ad_check_report();
}
