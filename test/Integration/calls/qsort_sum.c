// qsort of differentiated data: the forward sweep sorts and records the
// permutation, the reverse sweep sends each adjoint back to where its
// element came from. Sorted: an ad_dup array in place, a local copy, and an
// array of {key, value} structs of doubles (sorted by key), and structs with
// an integer field. Then weighted
// sums, so that each position has its own weight.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2 && %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define N 6

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Sorts x in place, then sum (i+1) x_i^2. */
double sorted_in_place(double *x, int n) {
  qsort(x, n, sizeof(double), by_value);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (i + 1) * x[i] * x[i];
  return s;
}

/* Sorts sin(x_i) in a local buffer, then sum (i+1) y_i. */
double sorted_copy(const double *x, int n) {
  double y[N];
  for (int i = 0; i < n; i++)
    y[i] = sin(x[i]);
  qsort(y, n, sizeof(double), by_value);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (i + 1) * y[i];
  return s;
}

struct pair {
  double key, value;
};
static int by_key(const void *a, const void *b) {
  double x = ((const struct pair *)a)->key, y = ((const struct pair *)b)->key;
  return (x > y) - (x < y);
}

/* Pairs {x_i, x_i * x_{i+1}} sorted by key, then sum (i+1) value_i. */
double sorted_pairs(const double *x, int n) {
  struct pair p[N];
  for (int i = 0; i < n; i++) {
    p[i].key = x[i];
    p[i].value = x[i] * x[(i + 1) % n];
  }
  qsort(p, n, sizeof p[0], by_key);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (i + 1) * p[i].value;
  return s;
}

struct tagged {
  int id;
  double v;
};
static int by_v(const void *a, const void *b) {
  double x = ((const struct tagged *)a)->v, y = ((const struct tagged *)b)->v;
  return (x > y) - (x < y);
}

/* Elements with an integer field: sorted by v = x_i^3, sum (i+1+id) v_i. */
double sorted_tagged(const double *x, int n) {
  struct tagged t[N];
  for (int i = 0; i < n; i++) {
    t[i].id = 10 * i;
    t[i].v = x[i] * x[i] * x[i];
  }
  qsort(t, n, sizeof t[0], by_v);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += (i + 1 + t[i].id) * t[i].v;
  return s;
}

static const double X0[N] = {0.3, -1.1, 0.8, 2.2, -0.4, 1.5};

/* rank[i]: the sorted position of x_i (the values are distinct). */
static int rank_of(const double *x, int i) {
  int r = 0;
  for (int j = 0; j < N; j++)
    r += x[j] < x[i];
  return r;
}

static double in_place_x(const double *x0) {
  double x[N];
  memcpy(x, x0, sizeof x);
  return sorted_in_place(x, N);
}
static double copy_x(const double *x) { return sorted_copy(x, N); }
static double pairs_x(const double *x) { return sorted_pairs(x, N); }
static double tagged_x(const double *x) { return sorted_tagged(x, N); }

int main(void) {
  char name[64];
  double x[N], dx[N] = {0};
  memcpy(x, X0, sizeof x);
  __ad_autodiff((void *)sorted_in_place, ad_dup, x, dx, ad_const, N);
  for (int i = 0; i < N; i++) {
    snprintf(name, sizeof name, "in place dx[%d]", i);
    ad_check(name, dx[i], 2.0 * (rank_of(X0, i) + 1) * X0[i],
             ad_fdn(in_place_x, X0, N, i));
  }

  double sx[N];
  for (int i = 0; i < N; i++)
    sx[i] = sin(X0[i]);
  double dc[N] = {0};
  __ad_autodiff((void *)sorted_copy, ad_dup, X0, dc, ad_const, N);
  for (int i = 0; i < N; i++) {
    snprintf(name, sizeof name, "copy dx[%d]", i);
    ad_check(name, dc[i], (rank_of(sx, i) + 1) * cos(X0[i]),
             ad_fdn(copy_x, X0, N, i));
  }

  double dp[N] = {0};
  __ad_autodiff((void *)sorted_pairs, ad_dup, X0, dp, ad_const, N);
  for (int i = 0; i < N; i++) {
    int prev = (i + N - 1) % N, next = (i + 1) % N;
    double exact =
        (rank_of(X0, i) + 1) * X0[next] + (rank_of(X0, prev) + 1) * X0[prev];
    snprintf(name, sizeof name, "pairs dx[%d]", i);
    ad_check(name, dp[i], exact, ad_fdn(pairs_x, X0, N, i));
  }

  double dt[N] = {0};
  __ad_autodiff((void *)sorted_tagged, ad_dup, X0, dt, ad_const, N);
  for (int i = 0; i < N; i++) {
    double exact = (rank_of(X0, i) + 1 + 10 * i) * 3 * X0[i] * X0[i];
    snprintf(name, sizeof name, "tagged dx[%d]", i);
    ad_check(name, dt[i], exact, ad_fdn(tagged_x, X0, N, i));
  }
  return ad_check_report();
}
