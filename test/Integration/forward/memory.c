// Forward mode with memory inside the function: a malloc'd temporary (freed
// by the function), a buffer grown by realloc, memcpy of an ad_dup input
// into a local buffer updated in place and of a local buffer into the
// caller's output, a struct with double fields (and an int) updated through
// a pointer, and globals written by the function (a scalar accumulator,
// a two-element buffer, an int counter): their shadows must not leak
// tangents from one call to the next.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define N 6

/* t = exp(x) in a heap buffer; sum t_i t_{i+1 mod n}. */
double malloc_temp(const double *x, int n) {
  double *t = malloc(n * sizeof *t);
  double s = 0;
  for (int i = 0; i < n; ++i)
    t[i] = exp(x[i]);
  for (int i = 0; i < n; ++i)
    s += t[i] * t[(i + 1) % n];
  free(t);
  return s;
}

/* Pushes x_i^2 into a doubling buffer; sum (i + 1) sin(buf_i). */
double grow(const double *x, int n) {
  int cap = 1, len = 0;
  double *buf = malloc(cap * sizeof(double));
  for (int i = 0; i < n; ++i) {
    if (len == cap) {
      cap *= 2;
      buf = realloc(buf, cap * sizeof(double));
    }
    buf[len++] = x[i] * x[i];
  }
  double s = 0;
  for (int i = 0; i < len; ++i)
    s += sin(buf[i]) * (i + 1);
  free(buf);
  return s;
}

/* b = x; b_i += b_{i-1}^2 in place; returns b_{n-1}. */
double memcpy_local(const double *x, int n) {
  double b[N];
  memcpy(b, x, n * sizeof(double));
  for (int i = 1; i < n; ++i)
    b[i] += b[i - 1] * b[i - 1];
  return b[n - 1];
}

/* y = x^2 through a local buffer and memcpy. */
void copy_out(double *y, const double *x, int n) {
  double t[N];
  for (int i = 0; i < n; ++i)
    t[i] = x[i] * x[i];
  memcpy(y, t, n * sizeof(double));
}

struct body {
  double m, x, v;
  int id;
};

/* One symplectic Euler step of a spring, in place; returns the kinetic
 * energy after it. */
double step(struct body *b, double dt) {
  b->v -= dt * b->x / b->m;
  b->x += dt * b->v;
  return 0.5 * b->m * b->v * b->v;
}

double g_acc;
int g_calls;
static double pair_buf[2];

double acc_norm(const double *x, int n) {
  g_acc = 0;
  for (int i = 0; i < n; ++i)
    g_acc += x[i] * x[i];
  ++g_calls;
  return sqrt(g_acc);
}

double use_pair(double a) {
  pair_buf[0] = a * a;
  pair_buf[1] = sin(a);
  return pair_buf[0] * pair_buf[1];
}

static const double X0[N] = {0.3, -0.5, 0.2, 0.4, -0.1, 0.6};
static const double V[N] = {1.0, -0.5, 0.25, 2.0, -1.5, 0.75};
static const struct body B0 = {1.5, 0.4, -0.8, 7};
static const struct body DB0 = {0.3, -1.0, 0.5, -7};
static const double DT = 0.1, DDT = 0.7;

static int ROW;
static double (*F)(const double *, int);
static double along(double t) {
  double z[N];
  for (int i = 0; i < N; ++i)
    z[i] = X0[i] + t * V[i];
  return F(z, N);
}
static double dir_fd(double (*f)(const double *, int)) {
  F = f;
  return ad_fd(along, 0.0);
}
static double copy_out_row(const double *x, int n) {
  double y[N];
  copy_out(y, x, n);
  return y[ROW];
}
static double step_row(double t) {
  struct body b = B0;
  double r;
  b.m += t * DB0.m;
  b.x += t * DB0.x;
  b.v += t * DB0.v;
  r = step(&b, DT + t * DDT);
  return ROW == 0 ? r : ROW == 1 ? b.x : b.v;
}

int main(void) {
  double x[N], v[N], y[N], dy[N], e, d;
  char buf[96];
  int i, rep;
  memcpy(x, X0, sizeof x);
  memcpy(v, V, sizeof v);

  e = 0;
  for (i = 0; i < N; ++i) {
    int j = (i + 1) % N;
    e += exp(X0[i] + X0[j]) * (V[i] + V[j]);
  }
  ad_check("malloc_temp", __ad_fwddiff((void *)malloc_temp, ad_dup, x, v, N), e,
           dir_fd(malloc_temp));

  e = 0;
  for (i = 0; i < N; ++i)
    e += (i + 1) * cos(X0[i] * X0[i]) * 2 * X0[i] * V[i];
  ad_check("grow (realloc)",
           __ad_fwddiff((void *)grow, ad_dup, x, v, (int)ad_opaque(N)), e,
           dir_fd(grow));

  {
    double b = X0[0], db = V[0];
    for (i = 1; i < N; ++i) {
      double nb = X0[i] + b * b, ndb = V[i] + 2 * b * db;
      b = nb;
      db = ndb;
    }
    ad_check("memcpy_local",
             __ad_fwddiff((void *)memcpy_local, ad_dup, x, v, N), db,
             dir_fd(memcpy_local));
  }

  for (i = 0; i < N; ++i)
    y[i] = dy[i] = 99;
  __ad_fwddiff((void *)copy_out, ad_dup, y, dy, ad_dup, x, v, N);
  for (i = 0; i < N; ++i) {
    ROW = i;
    snprintf(buf, sizeof buf, "copy_out y[%d]", i);
    ad_check_eq(buf, y[i], X0[i] * X0[i]);
    snprintf(buf, sizeof buf, "copy_out dy[%d]", i);
    ad_check(buf, dy[i], 2 * X0[i] * V[i], dir_fd(copy_out_row));
  }
  ad_check_eq("inputs and their tangents unchanged",
              memcmp(x, X0, sizeof x) == 0 && memcmp(v, V, sizeof v) == 0, 1);

  {
    struct body b = B0, db = DB0;
    double m = B0.m, bx = B0.x, bv = B0.v;
    double dm = DB0.m, dbx = DB0.x, dbv = DB0.v;
    double v1 = bv - DT * bx / m;
    double dv1 = dbv - DDT * bx / m - DT * dbx / m + DT * bx * dm / (m * m);
    double x1 = bx + DT * v1, dx1 = dbx + DDT * v1 + DT * dv1;
    double r = -1;
    d = __ad_fwddiff((void *)step, ad_dup, &b, &db, ad_dup, DT, DDT, ad_result,
                     &r);
    ROW = 0;
    ad_check("step: energy", d, 0.5 * dm * v1 * v1 + m * v1 * dv1,
             ad_fd(step_row, 0.0));
    ad_check_eq("step: ad_result", r, 0.5 * m * v1 * v1);
    ROW = 1;
    ad_check("step: b->x tangent", db.x, dx1, ad_fd(step_row, 0.0));
    ROW = 2;
    ad_check("step: b->v tangent", db.v, dv1, ad_fd(step_row, 0.0));
    ad_check_eq("step: primal b->x", b.x, x1);
    ad_check_eq("step: primal b->v", b.v, v1);
    ad_check_eq("step: shadow m and id untouched",
                db.m == DB0.m && db.id == DB0.id && b.id == B0.id, 1);
  }

  for (rep = 0; rep < 2; ++rep) {
    double n2 = 0, t = 0;
    for (i = 0; i < N; ++i) {
      n2 += X0[i] * X0[i];
      t += X0[i] * V[i];
    }
    g_acc = -5;
    g_calls = 10 * rep;
    d = __ad_fwddiff((void *)acc_norm, ad_dup, x, v, N);
    snprintf(buf, sizeof buf, "call %d g_acc written", rep);
    ad_check_eq(buf, g_acc, n2);
    snprintf(buf, sizeof buf, "call %d g_calls incremented", rep);
    ad_check_eq(buf, g_calls, 10 * rep + 1);
    snprintf(buf, sizeof buf, "call %d acc_norm", rep);
    ad_check(buf, d, t / sqrt(n2), dir_fd(acc_norm));

    double a = 0.8 + rep;
    pair_buf[0] = pair_buf[1] = -1;
    d = __ad_fwddiff((void *)use_pair, ad_dup, ad_opaque(a), 1.0);
    snprintf(buf, sizeof buf, "call %d pair_buf[0] written", rep);
    ad_check_eq(buf, pair_buf[0], a * a);
    snprintf(buf, sizeof buf, "call %d pair_buf[1] written", rep);
    ad_check_eq(buf, pair_buf[1], sin(a));
    snprintf(buf, sizeof buf, "call %d use_pair", rep);
    ad_check(buf, d, 2 * a * sin(a) + a * a * cos(a), ad_fd(use_pair, a));
  }
  return ad_check_report();
}
