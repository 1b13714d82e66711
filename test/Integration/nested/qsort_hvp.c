// Hessian-vector products (forward over reverse) of a function that sorts
// a copy of its input with qsort: the inner gradient sorts through the
// runtime, which records the permutation, and moves the adjoints back by
// it; the outer tangent moves the tangents of both the same ways (it was
// refused: "call to '__ad_qsort' ... has no derivative"). Scalar and two
// directions at once, against the Hessian of the sorted form (the
// permutation is fixed near the point) and finite differences of the
// gradient.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// RUN: %valgrind %t1
#include <ad.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 6 };

static int ascending(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

// f = sum_k (k + 1) s_k^2 s_{k+1} over the sorted values s.
static double f(const double *x) {
  double s[N];
  memcpy(s, x, sizeof s);
  qsort(s, N, sizeof(double), ascending);
  double r = 0;
  for (int k = 0; k + 1 < N; k++)
    r += (k + 1) * s[k] * s[k] * s[k + 1];
  return r;
}

static void grad(const double *x, double *g) {
  for (int i = 0; i < N; i++)
    g[i] = 0;
  __ad_autodiff((void *)f, ad_dup, x, g);
}

// The Hessian of the sorted form, mapped back through the permutation.
static void hv_exact(const double *x, const double *v, double *out) {
  int idx[N];
  for (int i = 0; i < N; i++)
    idx[i] = i;
  for (int i = 0; i < N; i++) // insertion sort of the indices by value
    for (int j = i; j > 0 && x[idx[j]] < x[idx[j - 1]]; j--) {
      int t = idx[j];
      idx[j] = idx[j - 1];
      idx[j - 1] = t;
    }
  double s[N], vs[N], hs[N] = {0};
  for (int k = 0; k < N; k++)
    s[k] = x[idx[k]], vs[k] = v[idx[k]];
  for (int k = 0; k + 1 < N; k++) {
    double c = k + 1; // c s_k^2 s_{k+1}
    hs[k] += c * (2 * s[k + 1] * vs[k] + 2 * s[k] * vs[k + 1]);
    hs[k + 1] += c * 2 * s[k] * vs[k];
  }
  for (int k = 0; k < N; k++)
    out[idx[k]] = hs[k];
}

static int check(const char *what, const double *got, const double *x,
                 const double *v) {
  double want[N], xp[N], xm[N], gp[N], gm[N], h = 1e-6;
  hv_exact(x, v, want);
  for (int i = 0; i < N; i++)
    xp[i] = x[i] + h * v[i], xm[i] = x[i] - h * v[i];
  grad(xp, gp);
  grad(xm, gm);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    double fd = (gp[i] - gm[i]) / (2 * h);
    if (fabs(got[i] - want[i]) > 1e-12 * (1 + fabs(want[i])) ||
        fabs(fd - want[i]) > 1e-6 * (1 + fabs(want[i]))) {
      printf("%s[%d]: %.12g, want %.12g (fd %.12g)\n", what, i, got[i], want[i],
             fd);
      bad = 1;
    }
  }
  return bad;
}

int main(void) {
  double x[N] = {0.4, -0.3, 1.5, 0.9, -1.2, 0.1};
  double v[N] = {1, 0.5, -0.25, 0.75, -1, 0.3}, e[N] = {0, 0, 1};
  double g[N], hv[N], he[N];
  int bad = 0;
  __ad_fwddiff((void *)grad, ad_dup, x, v, ad_dup, g, hv);
  bad |= check("fwd-over-rev", hv, x, v);
  __ad_fwddiff((void *)grad, ad_width, 2, ad_dup, x, v, e, ad_dup, g, hv, he);
  bad |= check("fwd-over-rev lane 0", hv, x, v);
  bad |= check("fwd-over-rev lane 1", he, x, e);
  if (!bad)
    printf("ok\n");
  return bad;
}
