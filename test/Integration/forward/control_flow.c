// Forward mode through control flow: a three-way branch (each region), a
// loop with an early return whose exit depends on the data, nested loops
// (a quadratic form and a triangular nest), while loops with data-dependent
// trip counts (Newton's square root, a geometric growth), and switches on an
// integer argument and on an ad_const integer array inside a loop.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

#define N 5

double branchy(double x, double y) {
  if (x > y)
    return x * sin(y);
  if (x > 0)
    return exp(x) + y * y;
  return x * x * y;
}

/* Sums x_i^2 until the sum exceeds lim, then returns it times that x_i. */
double early_exit(const double *x, int n, double lim) {
  double s = 0;
  for (int i = 0; i < n; ++i) {
    s += x[i] * x[i];
    if (s > lim)
      return s * x[i];
  }
  return s;
}

/* x^T A x */
double quad_form(const double *A, const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      s += A[i * n + j] * x[i] * x[j];
  return s;
}

/* sum_{j < i} x_i cos(x_j) */
double triangular(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < i; ++j)
      s += x[i] * cos(x[j]);
  return s;
}

double newton_sqrt(double a) {
  double x = a > 1 ? a : 1;
  int k = 0;
  while (fabs(x * x - a) > 1e-13 * a && k < 100) {
    x = 0.5 * (x + a / x);
    ++k;
  }
  return x;
}

/* s = x^(k+1) for the first k with s >= lim; returns s / (k + 1). */
double grow_until(double x, double lim) {
  double s = x;
  int k = 0;
  while (s < lim) {
    s *= x;
    ++k;
  }
  return s / (k + 1);
}

double sw(double x, int mode) {
  switch (mode) {
  case 0:
    return sin(x);
  case 1:
    return x * x * x;
  case 2:
    return exp(x) * x;
  case 7:
    return log(1 + x * x);
  default:
    return 1 / x;
  }
}

/* A small stack machine: op[i] says what to do with x[i]. */
double ops(const int *op, const double *x, int n) {
  double s = 1;
  for (int i = 0; i < n; ++i) {
    switch (op[i]) {
    case 0:
      s += x[i];
      break;
    case 1:
      s *= x[i];
      break;
    case 2:
      s = sin(s) + x[i];
      break;
    default:
      s -= x[i] * x[i];
    }
  }
  return s;
}

static const double X0[N] = {0.6, -0.9, 1.3, 0.4, -1.7};
static const double V[N] = {1.0, 0.5, -0.25, 2.0, -1.5};
static const int OPS[N] = {1, 0, 2, 3, 1};
static double A0[N * N];

static double BX[N], BV[N];
static double (*BF)(const double *);
static double along(double t) {
  double z[N];
  for (int i = 0; i < N; ++i)
    z[i] = BX[i] + t * BV[i];
  return BF(z);
}
static double dir_fd(double (*f)(const double *), const double *x,
                     const double *v) {
  memcpy(BX, x, sizeof BX);
  memcpy(BV, v, sizeof BV);
  BF = f;
  return ad_fd(along, 0.0);
}

static double X1, Y1, VX, VY, LIM;
static int MODE;
static double branchy_dir(double t) {
  return branchy(X1 + t * VX, Y1 + t * VY);
}
static double early_x(const double *x) { return early_exit(x, N, LIM); }
static double quad_x(const double *x) { return quad_form(A0, x, N); }
static double tri_x(const double *x) { return triangular(x, N); }
static double grow_x(double x) { return grow_until(x, LIM); }
static double sw_x(double x) { return sw(x, MODE); }
static double ops_x(const double *x) { return ops(OPS, x, N); }

static void check_branchy(double x, double y, double dfx, double dfy) {
  char buf[64];
  X1 = x;
  Y1 = y;
  VX = 0.8;
  VY = -0.6;
  snprintf(buf, sizeof buf, "branchy(%g, %g)", x, y);
  ad_check(buf, __ad_fwddiff((void *)branchy, ad_dup, x, VX, ad_dup, y, VY),
           dfx * VX + dfy * VY, ad_fd(branchy_dir, 0.0));
}

int main(void) {
  double x[N], v[N], e, s;
  char buf[64];
  int i, j, k;

  check_branchy(1.2, 0.3, sin(0.3), 1.2 * cos(0.3));
  check_branchy(ad_opaque(0.5), 1.5, exp(0.5), 3.0);
  check_branchy(-0.7, ad_opaque(0.4), -2 * 0.7 * 0.4, 0.49);

  memcpy(x, X0, sizeof x);
  memcpy(v, V, sizeof v);
  for (LIM = 1.0; LIM < 10; LIM += 6.0) {
    /* LIM 1: exits at i = 1 (0.36 + 0.81 > 1); LIM 7: no exit. */
    double sum = 0, t = 0;
    for (i = 0; i < N; ++i) {
      sum += X0[i] * X0[i];
      t += 2 * X0[i] * V[i];
      if (sum > LIM)
        break;
    }
    e = i < N ? t * X0[i] + sum * V[i] : t;
    snprintf(buf, sizeof buf, "early_exit, lim %g", LIM);
    ad_check(buf,
             __ad_fwddiff((void *)early_exit, ad_dup, x, v, N, ad_const, LIM),
             e, dir_fd(early_x, X0, V));
    snprintf(buf, sizeof buf, "early_exit, lim %g (lim dup)", LIM);
    ad_check(buf,
             __ad_fwddiff((void *)early_exit, ad_dup, x, v, (int)ad_opaque(N),
                          ad_dup, ad_opaque(LIM), 1.0),
             e, dir_fd(early_x, X0, V));
  }

  for (i = 0; i < N * N; ++i)
    A0[i] = cos(0.7 * i) + (i % (N + 1) == 0 ? 1.5 : 0.0);
  e = 0;
  for (i = 0; i < N; ++i)
    for (j = 0; j < N; ++j)
      e += A0[i * N + j] * (V[i] * X0[j] + X0[i] * V[j]);
  ad_check("quad_form",
           __ad_fwddiff((void *)quad_form, ad_const, A0, ad_dup, x, v, N), e,
           dir_fd(quad_x, X0, V));

  e = 0;
  for (k = 0; k < N; ++k) {
    double g = 0;
    for (j = 0; j < k; ++j)
      g += cos(X0[j]);
    for (i = k + 1; i < N; ++i)
      g -= X0[i] * sin(X0[k]);
    e += g * V[k];
  }
  ad_check("triangular",
           __ad_fwddiff((void *)triangular, ad_dup, x, v, (int)ad_opaque(N)), e,
           dir_fd(tri_x, X0, V));

  ad_check("newton_sqrt(2)",
           __ad_fwddiff((void *)newton_sqrt, ad_dup, 2.0, 1.0), 0.5 / sqrt(2.0),
           ad_fd(newton_sqrt, 2.0));
  s = ad_opaque(30.0);
  ad_check("newton_sqrt(30) along 3",
           __ad_fwddiff((void *)newton_sqrt, ad_dup, s, 3.0), 1.5 / sqrt(s),
           3 * ad_fd(newton_sqrt, s));

  LIM = 10;
  /* 1.3^9 = 10.6: k = 8, the result is 1.3^9 / 9 and its derivative 1.3^8. */
  ad_check("grow_until",
           __ad_fwddiff((void *)grow_until, ad_dup, 1.3, 1.0, ad_const, LIM),
           pow(1.3, 8), ad_fd(grow_x, 1.3));
  LIM = ad_opaque(2.0);
  /* 1.05^15 = 2.08: k = 14, the derivative is 1.05^14. */
  ad_check("grow_until, lim dup",
           __ad_fwddiff((void *)grow_until, ad_dup, ad_opaque(1.05), 1.0,
                        ad_dup, LIM, 1.0),
           pow(1.05, 14), ad_fd(grow_x, 1.05));

  for (MODE = 0; MODE < 9; ++MODE) {
    double xs = 0.9, ex;
    switch (MODE) {
    case 0:
      ex = cos(xs);
      break;
    case 1:
      ex = 3 * xs * xs;
      break;
    case 2:
      ex = exp(xs) * (1 + xs);
      break;
    case 7:
      ex = 2 * xs / (1 + xs * xs);
      break;
    default:
      ex = -1 / (xs * xs);
    }
    snprintf(buf, sizeof buf, "sw mode %d", MODE);
    ad_check(buf, __ad_fwddiff((void *)sw, ad_dup, xs, -2.0, MODE), -2 * ex,
             -2 * ad_fd(sw_x, xs));
  }

  /* ops: the tangent by the same steps. */
  {
    double p = 1, t = 0;
    for (i = 0; i < N; ++i) {
      switch (OPS[i]) {
      case 0:
        p += X0[i];
        t += V[i];
        break;
      case 1:
        t = t * X0[i] + p * V[i];
        p *= X0[i];
        break;
      case 2:
        t = cos(p) * t + V[i];
        p = sin(p) + X0[i];
        break;
      default:
        t -= 2 * X0[i] * V[i];
        p -= X0[i] * X0[i];
      }
    }
    ad_check("ops (switch in a loop)",
             __ad_fwddiff((void *)ops, ad_const, OPS, ad_dup, x, v, N), t,
             dir_fd(ops_x, X0, V));
  }
  return ad_check_report();
}
