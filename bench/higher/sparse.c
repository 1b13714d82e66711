/* Sparse Jacobian of a tridiagonal residual (Bratu's problem, n unknowns)
 * by column coloring (3 colors: one vector forward call) against the dense
 * Jacobian (n / 8 vector forward calls), for n = 10^3 .. 10^5. Target: the
 * sparse time per row independent of n. Each time is the best of several
 * repetitions; the sparse entries must equal the dense ones. The pattern's
 * detection (AD_DEFINE_JACOBIAN_PATTERN: 2 n / 8 vector calls, once per
 * pattern) is timed up to n = 10^4 and must find exactly the band. */
#include "timing.h"
#include <ad_higher.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int N;

static void bratu(const double *x, double *y) {
  double h2 = 1.0 / ((N + 1.0) * (N + 1.0));
  for (int i = 0; i < N; ++i) {
    double l = i ? x[i - 1] : 0, r = i + 1 < N ? x[i + 1] : 0;
    y[i] = l - 2 * x[i] + r + h2 * exp(x[i]);
  }
}
AD_DEFINE_SPARSE_JACOBIAN(bratu_sparse, bratu)
AD_DEFINE_JACOBIAN(bratu_dense, bratu)
AD_DEFINE_JACOBIAN_PATTERN(bratu_pattern, bratu)

static double best(void (*run)(void *), void *arg, int k) {
  double b = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    double t0 = now();
    for (int it = 0; it < k; ++it)
      run(arg);
    b = fmin(b, (now() - t0) / k);
  }
  return b;
}

typedef struct {
  double *x, *y, *values, *dense, *work;
  int *rowptr, *colidx, *color, ncolors;
} problem;

static void sparse_run(void *a) {
  problem *p = a;
  bratu_sparse(p->x, N, p->y, N, p->rowptr, p->colidx, p->color, p->ncolors,
               p->values, p->work);
}
static void dense_run(void *a) {
  problem *p = a;
  bratu_dense(p->x, N, p->y, N, p->dense, p->work);
}
static void primal_run(void *a) {
  problem *p = a;
  bratu(p->x, p->y);
}

int main(void) {
  int sizes[3] = {1000, 10000, 100000}, bad = 0;
  printf("Tridiagonal Jacobian (Bratu), times per Jacobian\n");
  printf("%8s %12s %12s %14s %12s %8s %12s\n", "n", "primal us", "sparse us",
         "sparse ns/row", "dense us", "colors", "detect ms");
  for (int s = 0; s < 3; ++s) {
    N = sizes[s];
    problem p;
    p.x = malloc(N * sizeof(double));
    p.y = malloc(N * sizeof(double));
    p.values = malloc(3 * N * sizeof(double));
    p.work = malloc(AD_JACOBIAN_WORK(N, N) * sizeof(double));
    p.rowptr = malloc((N + 1) * sizeof(int));
    p.colidx = malloc(3 * N * sizeof(int));
    p.color = malloc(N * sizeof(int));
    int *iwork = malloc(AD_COLORING_WORK(N, 3 * N) * sizeof(int));
    int k = 0;
    for (int r = 0; r < N; ++r) {
      p.rowptr[r] = k;
      for (int c = r - 1; c <= r + 1; ++c)
        if (c >= 0 && c < N)
          p.colidx[k++] = c;
    }
    p.rowptr[N] = k;
    for (int i = 0; i < N; ++i)
      p.x[i] = 0.1 * sin(0.01 * i);
    p.ncolors = ad_color_columns(N, N, p.rowptr, p.colidx, p.color, iwork);
    int reps = 100000000 / (N * 50) + 1;
    double tp = best(primal_run, &p, reps);
    double ts = best(sparse_run, &p, reps);
    double td = -1, tdet = -1;
    if (N <= 10000) {
      int *drow = malloc((N + 1) * sizeof(int)),
          *dcol = malloc(3 * N * sizeof(int));
      double t0 = now();
      int dnnz = bratu_pattern(p.x, N, p.y, N, drow, dcol, 3 * N, p.work);
      tdet = now() - t0;
      bad |= dnnz != k;
      for (int r = 0; r <= N; ++r)
        bad |= drow[r] != p.rowptr[r];
      for (int j = 0; j < k && dnnz == k; ++j)
        bad |= dcol[j] != p.colidx[j];
      free(drow), free(dcol);
      p.dense = malloc((size_t)N * N * sizeof(double));
      td = best(dense_run, &p, N <= 1000 ? 20 : 1);
      for (int r = 0; r < N; ++r)
        for (int j = p.rowptr[r]; j < p.rowptr[r + 1]; ++j)
          bad |= p.values[j] != p.dense[(size_t)r * N + p.colidx[j]];
      free(p.dense);
    }
    printf("%8d %12.2f %12.2f %14.2f ", N, tp * 1e6, ts * 1e6, ts * 1e9 / N);
    if (td >= 0)
      printf("%12.1f", td * 1e6);
    else
      printf("%12s", "-");
    printf(" %8d", p.ncolors);
    if (tdet >= 0)
      printf(" %12.1f\n", tdet * 1e3);
    else
      printf(" %12s\n", "-");
    free(p.x), free(p.y), free(p.values), free(p.work), free(p.rowptr);
    free(p.colidx), free(p.color), free(iwork);
  }
  printf("sparse == dense entries, detected pattern == band: %s\n",
         bad ? "NO" : "yes");
  return bad;
}
