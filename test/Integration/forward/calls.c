// Forward mode through calls: a chain of static and inline helpers, a
// noinline helper, helpers called in a loop, a helper returning a second
// value through a pointer, noinline helpers that read and write the caller's
// arrays (axpy into a local buffer, filling the caller's ad_dup output), and
// a noinline helper returning void. At -O0 the callees get tangent functions
// of their own; at -O2 they are inlined.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

#define N 4

static double sq(double x) { return x * x; }
static double h2(double x, double y) { return sq(x) * sin(y); }
static inline double h3(double x, double y) { return h2(x, y) + sq(sq(y)); }
__attribute__((noinline)) static double denom(double x) { return 1.0 + sq(x); }

/* (x^2 sin y + y^4) / (1 + (x + y)^2) */
double chain(double x, double y) { return h3(x, y) / denom(x + y); }

static double cube(double x) { return x * x * x; }
/* sum cube(x_i) / denom(x_i) */
double loop_calls(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += cube(x[i]) / denom(x[i]);
  return s;
}

/* Returns sin x, and cos x through the pointer. */
static double sincos2(double x, double *c) {
  *c = cos(x);
  return sin(x);
}
double use_sincos(double x) {
  double c;
  double s = sincos2(x, &c);
  return s * s - c * x;
}

__attribute__((noinline)) static void axpy(double a, const double *x, double *y,
                                           int n) {
  for (int i = 0; i < n; ++i)
    y[i] += a * x[i];
}
__attribute__((noinline)) static double dotn(const double *x, const double *y,
                                             int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += x[i] * y[i];
  return s;
}
/* y = sin(x) + a x in a local buffer; returns y . x */
double use_axpy(double a, const double *x, int n) {
  double y[N];
  for (int i = 0; i < n; ++i)
    y[i] = sin(x[i]);
  axpy(a, x, y, n);
  return dotn(y, x, n);
}

__attribute__((noinline)) static void fill_exp(double *out, const double *x,
                                               int n) {
  for (int i = 0; i < n; ++i)
    out[i] = exp(x[i]);
}
/* out = exp(x), then out[0] += x[n-1] out[1]. */
void outer(double *out, const double *x, int n) {
  fill_exp(out, x, n);
  out[0] += x[n - 1] * out[1];
}

static double chain_val(double x, double y) {
  double A = x * x * sin(y) + y * y * y * y, B = 1 + (x + y) * (x + y);
  return A / B;
}

static const double X0[N] = {0.4, -1.1, 0.7, 1.9};
static const double V[N] = {1.0, -0.5, 2.0, 0.25};
static double X1, Y1, VX, VY, A1, VA;
static int ROW;
static double chain_dir(double t) { return chain(X1 + t * VX, Y1 + t * VY); }
static double loop_dir(double t) {
  double z[N];
  for (int i = 0; i < N; ++i)
    z[i] = X0[i] + t * V[i];
  return loop_calls(z, N);
}
static double axpy_dir(double t) {
  double z[N];
  for (int i = 0; i < N; ++i)
    z[i] = X0[i] + t * V[i];
  return use_axpy(A1 + t * VA, z, N);
}
static double outer_dir(double t) {
  double z[N], o[N];
  for (int i = 0; i < N; ++i)
    z[i] = X0[i] + t * V[i];
  outer(o, z, N);
  return o[ROW];
}

int main(void) {
  double x[N], v[N], out[N], dout[N], e, d;
  char buf[64];
  int i;
  memcpy(x, X0, sizeof x);
  memcpy(v, V, sizeof v);

  {
    double cx = 0.8, cy = ad_opaque(-0.3), A, B, dA, dB;
    X1 = cx;
    Y1 = cy;
    VX = 0.6;
    VY = 1.1;
    A = cx * cx * sin(cy) + cy * cy * cy * cy;
    B = 1 + (cx + cy) * (cx + cy);
    dA = 2 * cx * sin(cy) * VX + (cx * cx * cos(cy) + 4 * cy * cy * cy) * VY;
    dB = 2 * (cx + cy) * (VX + VY);
    e = (dA * B - A * dB) / (B * B);
    d = __ad_fwddiff((void *)chain, ad_dup, cx, VX, ad_dup, cy, VY);
    ad_check("chain", d, e, ad_fd(chain_dir, 0.0));
    ad_double2 g = __ad_autodiff_d2((void *)chain, cx, cy);
    ad_check_eq("chain: forward = reverse . v", d, g.d[0] * VX + g.d[1] * VY);
    ad_check_eq("chain primal", chain(cx, cy), chain_val(cx, cy));
  }

  e = 0;
  for (i = 0; i < N; ++i) {
    double b = 1 + X0[i] * X0[i];
    e += (3 * X0[i] * X0[i] * b - X0[i] * X0[i] * X0[i] * 2 * X0[i]) / (b * b) *
         V[i];
  }
  ad_check("loop_calls",
           __ad_fwddiff((void *)loop_calls, ad_dup, x, v, (int)ad_opaque(N)), e,
           ad_fd(loop_dir, 0.0));

  {
    double s = ad_opaque(1.2);
    ad_check("use_sincos", __ad_fwddiff((void *)use_sincos, ad_dup, s, 1.0),
             2 * sin(s) * cos(s) + sin(s) * s - cos(s), ad_fd(use_sincos, s));
  }

  A1 = 0.7;
  VA = -1.3;
  e = 0;
  for (i = 0; i < N; ++i) {
    double y = sin(X0[i]) + A1 * X0[i];
    double dy = cos(X0[i]) * V[i] + VA * X0[i] + A1 * V[i];
    e += dy * X0[i] + y * V[i];
  }
  ad_check("use_axpy (noinline helpers, local buffer)",
           __ad_fwddiff((void *)use_axpy, ad_dup, A1, VA, ad_dup, x, v, N), e,
           ad_fd(axpy_dir, 0.0));
  for (i = 0; i < N; ++i)
    e -= VA * X0[i] * X0[i];
  VA = 0;
  ad_check("use_axpy, a const",
           __ad_fwddiff((void *)use_axpy, ad_const, A1, ad_dup, x, v, N), e,
           ad_fd(axpy_dir, 0.0));
  ad_check_eq("use_axpy: x and its tangent unchanged",
              memcmp(x, X0, sizeof x) == 0 && memcmp(v, V, sizeof v) == 0, 1);

  for (i = 0; i < N; ++i)
    out[i] = dout[i] = 99;
  d = __ad_fwddiff((void *)outer, ad_dup, out, dout, ad_dup, x, v, N);
  ad_check_eq("outer returns 0", d, 0);
  for (i = 0; i < N; ++i) {
    double p = exp(X0[i]), t = exp(X0[i]) * V[i];
    if (i == 0) {
      p += X0[N - 1] * exp(X0[1]);
      t += V[N - 1] * exp(X0[1]) + X0[N - 1] * exp(X0[1]) * V[1];
    }
    ROW = i;
    snprintf(buf, sizeof buf, "outer out[%d]", i);
    ad_check_eq(buf, out[i], p);
    snprintf(buf, sizeof buf, "outer dout[%d]", i);
    ad_check(buf, dout[i], t, ad_fd(outer_dir, 0.0));
  }
  return ad_check_report();
}
