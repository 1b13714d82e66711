// Loops over a field of an array of structs (p[i].v, p[i].w in
// struct {double v; double w;}): a reduction, an in-place update of one
// field from both, and a recurrence reading the neighbour's other field.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>

#define N 6

struct P {
  double v;
  double w;
};

double energy(const struct P *p, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += p[i].v * sin(p[i].w);
  return s;
}

void update(struct P *p, int n) {
  for (int i = 0; i < n; ++i)
    p[i].w = p[i].v * p[i].w + p[i].v * p[i].v;
}

void relax(struct P *p, int n) {
  for (int i = 1; i < n; ++i)
    p[i].v = 0.5 * (p[i - 1].w + p[i].v) * p[i - 1].v;
}

/* The struct array seen as 2 N doubles (v0, w0, v1, w1, ...). */
static void to_p(const double *a, struct P *p) {
  int i;
  for (i = 0; i < N; ++i) {
    p[i].v = a[2 * i];
    p[i].w = a[2 * i + 1];
  }
}
static double energy_a(const double *a) {
  struct P p[N];
  to_p(a, p);
  return energy(p, N);
}

/* In place on the flat view, for lfd_check_inplace. */
static void update_flat(double *a, int n) {
  struct P p[N];
  int i;
  to_p(a, p);
  update(p, n / 2);
  for (i = 0; i < N; ++i) {
    a[2 * i] = p[i].v;
    a[2 * i + 1] = p[i].w;
  }
}
static void update_t(double *a, double *t, int n) {
  for (int i = 0; i < n / 2; ++i) {
    double v = a[2 * i], w = a[2 * i + 1];
    t[2 * i + 1] = t[2 * i] * w + v * t[2 * i + 1] + 2 * v * t[2 * i];
    a[2 * i + 1] = v * w + v * v;
  }
}
static void relax_flat(double *a, int n) {
  struct P p[N];
  int i;
  to_p(a, p);
  relax(p, n / 2);
  for (i = 0; i < N; ++i) {
    a[2 * i] = p[i].v;
    a[2 * i + 1] = p[i].w;
  }
}
static void relax_t(double *a, double *t, int n) {
  for (int i = 1; i < n / 2; ++i) {
    double s = a[2 * i - 1] + a[2 * i], ts = t[2 * i - 1] + t[2 * i];
    t[2 * i] = 0.5 * (ts * a[2 * i - 2] + s * t[2 * i - 2]);
    a[2 * i] = 0.5 * s * a[2 * i - 2];
  }
}

int main(void) {
  double a0[2 * N], e[2 * N], w[2 * N], flat[2 * N], dflat[2 * N];
  struct P p[N], dp[N];
  int i;

  for (i = 0; i < 2 * N; ++i) {
    a0[i] = sin(1.3 * i + 0.2);
    w[i] = 1.0 - 0.15 * i;
  }

  to_p(a0, p);
  for (i = 0; i < N; ++i) {
    dp[i].v = dp[i].w = 0;
    e[2 * i] = sin(p[i].w);
    e[2 * i + 1] = p[i].v * cos(p[i].w);
  }
  __ad_autodiff((void *)energy, ad_dup, p, dp, N);
  for (i = 0; i < N; ++i) {
    dflat[2 * i] = dp[i].v;
    dflat[2 * i + 1] = dp[i].w;
  }
  lfd_check_all("energy d(v,w)", dflat, e, energy_a, a0, 2 * N);

  to_p(a0, p);
  to_p(w, dp);
  __ad_autodiff((void *)update, ad_dup, p, dp, (int)ad_opaque(N));
  for (i = 0; i < N; ++i) {
    flat[2 * i] = p[i].v;
    flat[2 * i + 1] = p[i].w;
    dflat[2 * i] = dp[i].v;
    dflat[2 * i + 1] = dp[i].w;
  }
  lfd_check_inplace("update", update_flat, update_t, a0, 2 * N, w, flat, dflat);

  to_p(a0, p);
  to_p(w, dp);
  __ad_autodiff((void *)relax, ad_dup, p, dp, N);
  for (i = 0; i < N; ++i) {
    flat[2 * i] = p[i].v;
    flat[2 * i + 1] = p[i].w;
    dflat[2 * i] = dp[i].v;
    dflat[2 * i + 1] = dp[i].w;
  }
  lfd_check_inplace("relax", relax_flat, relax_t, a0, 2 * N, w, flat, dflat);
  return ad_check_report();
}
