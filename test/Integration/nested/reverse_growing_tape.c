// Reverse over reverse when the inner reverse sweep's tape grows (a loop
// whose trip count is unknown when it starts) and holds values of several
// types: records of doubles, an index, and node pointers with their shadows.
// The outer reverse sweep moves the adjoints of the records' floating-point
// slots back across each reallocation of the inner tape, slot by slot; the
// index and pointer slots are left alone. (This was refused.) Each loop
// runs past the tape's first capacity, so the tape is reallocated several
// times. H w by reverse over reverse is checked against H w by forward
// over reverse and against central differences of w . gradient.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>

enum { N = 5, L = 40 };

// A while loop with an integer recurrence choosing the element: 100 steps.
static double loop(const double *x) {
  double s = x[0], t = 0;
  int k = 0;
  while (t < 2) {
    k = (k * 7 + 3) % N;
    s = s * (0.3 + 0.7 * x[k]) + sin(x[k]);
    t += 0.02 + 0.0 * x[0];
  }
  return s;
}

static void grad_loop(const double *x, double *g) {
  for (int i = 0; i < N; ++i)
    g[i] = 0;
  __ad_autodiff((void *)loop, ad_dup, x, g);
}

static const double W[N] = {1, 2, 0, 0.5, -1};

// w . gradient: its gradient is H w.
static double loop_gw(const double *x) {
  double g[N];
  grad_loop(x, g);
  double r = 0;
  for (int i = 0; i < N; ++i)
    r += W[i] * g[i];
  return r;
}

// A linked list walked to its end: the inner tape keeps each node and its
// shadow (pointers) next to doubles.
typedef struct node {
  double v;
  struct node *next;
} node;

static double walk(node *h) {
  double s = 0.5;
  for (node *p = h; p; p = p->next)
    s = s * (0.8 + 0.1 * cos(p->v)) + p->v * p->v * p->v;
  return s;
}

static void grad_walk(node *a, node *da) {
  for (int i = 0; i < L; ++i)
    da[i].v = 0;
  __ad_autodiff((void *)walk, ad_dup, a, da);
}

static void make(node *a, node *da, const double *x) {
  for (int i = 0; i < L; ++i) {
    a[i].v = x[i];
    a[i].next = i + 1 < L ? &a[i + 1] : 0;
    da[i].next = i + 1 < L ? &da[i + 1] : 0;
  }
}

static double walk_gw(const double *x) {
  node a[L], da[L];
  make(a, da, x);
  grad_walk(a, da);
  double r = 0;
  for (int i = 0; i < L; ++i)
    r += (1 + 0.1 * i) * da[i].v;
  return r;
}

// H w by forward over reverse, for comparison.
static void walk_grad(const double *x, double *g) {
  node a[L], da[L];
  make(a, da, x);
  grad_walk(a, da);
  for (int i = 0; i < L; ++i)
    g[i] = da[i].v;
}

static double central(double (*f)(const double *), const double *x, int n,
                      int i) {
  double a[L], b[L], h = 1e-6;
  for (int j = 0; j < n; ++j)
    a[j] = b[j] = x[j];
  a[i] += h;
  b[i] -= h;
  return (f(a) - f(b)) / (2 * h);
}

int main(void) {
  double x[N] = {0.9, 1.1, 1.3, 0.7, 1.2}, dx[N] = {0};
  __ad_autodiff((void *)loop_gw, ad_dup, x, dx);
  double v[N], g[N], hv[N] = {0};
  for (int i = 0; i < N; ++i)
    v[i] = W[i];
  __ad_fwddiff((void *)grad_loop, ad_dup, x, v, ad_dup, g, hv);
  for (int i = 0; i < N; ++i)
    ad_check("loop: H w", dx[i], hv[i], central(loop_gw, x, N, i));

  double y[L], dy[L] = {0}, w[L], gy[L], hw[L] = {0};
  for (int i = 0; i < L; ++i) {
    y[i] = 0.5 + 0.3 * sin(i);
    w[i] = 1 + 0.1 * i;
  }
  __ad_autodiff((void *)walk_gw, ad_dup, y, dy);
  __ad_fwddiff((void *)walk_grad, ad_dup, y, w, ad_dup, gy, hw);
  for (int i = 0; i < L; i += 3)
    ad_check("list: H w", dy[i], hw[i], central(walk_gw, y, L, i));
  return ad_check_report();
}
