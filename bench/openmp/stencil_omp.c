/* OpenMP benchmark: explicit steps of a 2-D heat equation with a nonlinear
 * source on an n x n grid (a parallel loop over the rows each step, two
 * buffers), and a loss reduced in parallel; and a map-reduce over a long
 * vector (sum of x_i^2 sin x_i, reduction(+)). Times the primal, the
 * ADPass gradient (reverse mode; its reverse sweep is parallel too) and a
 * hand-written parallel adjoint, at the thread count it runs with
 * (OMP_NUM_THREADS), and checks that the two gradients agree.
 *
 *   stencil_omp [grid side] [steps] [vector length]
 *
 * Prints one line per case: threads, size, primal, ADPass and hand times
 * (median of repetitions, seconds) and the ratios to the primal. */
#include "ad.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- 2-D heat ------------------------------------------------------------ */

static void step(const double *u, double *v, int n) {
#pragma omp parallel for
  for (int r = 1; r < n - 1; r++)
    for (int c = 1; c < n - 1; c++) {
      int k = r * n + c;
      v[k] = u[k] +
             0.1 * (u[k - 1] + u[k + 1] + u[k - n] + u[k + n] - 4 * u[k]) +
             0.02 * sin(u[k]);
    }
}

static double heat(const double *x, double *u, double *v, int n, int steps) {
#pragma omp parallel for
  for (int k = 0; k < n * n; k++)
    u[k] = v[k] = x[k];
  for (int t = 0; t < steps; t++) {
    step(u, v, n);
    double *w = u;
    u = v;
    v = w;
  }
  double e = 0;
#pragma omp parallel for reduction(+ : e)
  for (int k = 0; k < n * n; k++)
    e += u[k] * u[k];
  return e;
}

/* Hand-written adjoint: the forward sweep keeps every step's field; the
 * reverse gathers (each cell's adjoint from its neighbours'), so the
 * parallel loop writes disjoint cells and needs no atomics. */
static void heat_hand(const double *x, double *dx, double *us, double *g,
                      double *h, int n, int steps) {
  size_t nn = (size_t)n * n;
  memcpy(us, x, sizeof(double) * nn);
  for (int t = 0; t < steps; t++) {
    memcpy(us + (t + 1) * nn, us + t * nn, sizeof(double) * nn);
    step(us + t * nn, us + (t + 1) * nn, n);
  }
  const double *last = us + steps * nn;
#pragma omp parallel for
  for (size_t k = 0; k < nn; k++)
    g[k] = 2 * last[k];
  for (int t = steps - 1; t >= 0; t--) {
    const double *u = us + t * nn;
#pragma omp parallel for
    for (int r = 0; r < n; r++)
      for (int c = 0; c < n; c++) {
        int k = r * n + c;
        int inside = r > 0 && r < n - 1 && c > 0 && c < n - 1;
        /* Boundary cells are copied from the step before. */
        double d = inside ? g[k] * (0.6 + 0.02 * cos(u[k])) : g[k];
        if (r > 1 && c > 0 && c < n - 1)
          d += 0.1 * g[k - n];
        if (r < n - 2 && c > 0 && c < n - 1)
          d += 0.1 * g[k + n];
        if (c > 1 && r > 0 && r < n - 1)
          d += 0.1 * g[k - 1];
        if (c < n - 2 && r > 0 && r < n - 1)
          d += 0.1 * g[k + 1];
        h[k] = d;
      }
    double *w = g;
    g = h;
    h = w;
  }
  for (size_t k = 0; k < nn; k++)
    dx[k] += g[k];
}

/* ---- map-reduce ---------------------------------------------------------- */

static double sumsq(const double *x, long n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < n; i++)
    s += x[i] * x[i] * sin(x[i]);
  return s;
}

static void sumsq_hand(const double *x, double *dx, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    dx[i] += 2 * x[i] * sin(x[i]) + x[i] * x[i] * cos(x[i]);
}

/* ---- timing -------------------------------------------------------------- */

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

enum { REPS = 9 };

static void report(const char *name, const char *size, double *tp, double *ta,
                   double *th, double err, double ref) {
  qsort(tp, REPS, sizeof(double), cmp);
  qsort(ta, REPS, sizeof(double), cmp);
  qsort(th, REPS, sizeof(double), cmp);
  double p = tp[REPS / 2], a = ta[REPS / 2], h = th[REPS / 2];
  printf("%-8s threads %d  %-14s primal %.4fs  ADPass %.4fs (%.2fx)  hand "
         "%.4fs (%.2fx)  max |ADPass - hand| %.1e of %.1e\n",
         name, omp_get_max_threads(), size, p, a, a / p, h, h / p, err, ref);
}

static void compare(const double *a, const double *b, size_t n, double *err,
                    double *ref) {
  *err = 0, *ref = 0;
  for (size_t i = 0; i < n; i++) {
    *err = fmax(*err, fabs(a[i] - b[i]));
    *ref = fmax(*ref, fabs(b[i]));
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 400;
  int steps = argc > 2 ? atoi(argv[2]) : 20;
  long m = argc > 3 ? atol(argv[3]) : 4000000;
  size_t nn = (size_t)n * n;
  double *x = malloc(sizeof(double) * nn), *dx = malloc(sizeof(double) * nn);
  double *hx = malloc(sizeof(double) * nn);
  double *u = malloc(sizeof(double) * nn), *v = malloc(sizeof(double) * nn);
  double *du = malloc(sizeof(double) * nn), *dv = malloc(sizeof(double) * nn);
  double *us = malloc(sizeof(double) * nn * (steps + 1));
  double *g = malloc(sizeof(double) * nn), *h = malloc(sizeof(double) * nn);
  for (size_t k = 0; k < nn; k++)
    x[k] = 0.5 * sin(0.01 * k) + 0.1;
  double tp[REPS], ta[REPS], th[REPS], sink = 0, err, ref;
  for (int r = 0; r < REPS; r++) {
    double t0 = omp_get_wtime();
    sink += heat(x, u, v, n, steps);
    double t1 = omp_get_wtime();
    memset(dx, 0, sizeof(double) * nn);
    __ad_autodiff((void *)heat, ad_dup, x, dx, ad_dupnoneed, u, du,
                  ad_dupnoneed, v, dv, n, steps);
    double t2 = omp_get_wtime();
    memset(hx, 0, sizeof(double) * nn);
    heat_hand(x, hx, us, g, h, n, steps);
    double t3 = omp_get_wtime();
    tp[r] = t1 - t0, ta[r] = t2 - t1, th[r] = t3 - t2;
  }
  compare(dx, hx, nn, &err, &ref);
  char size[32];
  snprintf(size, sizeof size, "%dx%d x%d", n, n, steps);
  report("heat2d", size, tp, ta, th, err, ref);
  int bad = err > 1e-9 * (ref > 1 ? ref : 1);

  double *y = malloc(sizeof(double) * m), *dy = malloc(sizeof(double) * m);
  double *hy = malloc(sizeof(double) * m);
  for (long i = 0; i < m; i++)
    y[i] = 0.5 * sin(0.001 * i) + 0.2;
  for (int r = 0; r < REPS; r++) {
    double t0 = omp_get_wtime();
    sink += sumsq(y, m);
    double t1 = omp_get_wtime();
    memset(dy, 0, sizeof(double) * m);
    __ad_autodiff((void *)sumsq, ad_dup, y, dy, m);
    double t2 = omp_get_wtime();
    memset(hy, 0, sizeof(double) * m);
    sumsq_hand(y, hy, m);
    double t3 = omp_get_wtime();
    tp[r] = t1 - t0, ta[r] = t2 - t1, th[r] = t3 - t2;
  }
  compare(dy, hy, m, &err, &ref);
  snprintf(size, sizeof size, "%ld", m);
  report("sumsq", size, tp, ta, th, err, ref);
  bad |= err > 1e-9 * (ref > 1 ? ref : 1);
  if (sink != sink)
    printf("(nan)\n");
  return bad;
}
