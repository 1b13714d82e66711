/* MPI benchmark: explicit steps of a 1-D heat equation with a nonlinear
 * source, split over the ranks, ghost cells exchanged with MPI_Sendrecv each
 * step; the loss is reduced to rank 0. Times the primal and the gradient
 * (ADPass, reverse mode, every rank) at the rank count it runs with, and a
 * hand-written adjoint (the same exchange mirrored by hand) for reference.
 *
 *   heat_mpi [cells per rank (weak) | -s total cells (strong)] [steps]
 *
 * Prints one line: ranks, cells per rank, steps, primal, ADPass and hand
 * times (median of repetitions, seconds) and the ratios to the primal. */
#include "ad.h"
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank_, size_;

static double heat(const double *x, double *u, double *v, int n, int steps) {
  int left = rank_ > 0 ? rank_ - 1 : MPI_PROC_NULL;
  int right = rank_ < size_ - 1 ? rank_ + 1 : MPI_PROC_NULL;
  for (int i = 0; i < n; i++)
    u[i + 1] = x[i];
  u[0] = u[n + 1] = 0;
  for (int t = 0; t < steps; t++) {
    MPI_Sendrecv(&u[n], 1, MPI_DOUBLE, right, 1, &u[0], 1, MPI_DOUBLE, left, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&u[1], 1, MPI_DOUBLE, left, 2, &u[n + 1], 1, MPI_DOUBLE, right,
                 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 1; i <= n; i++)
      v[i] = u[i] + 0.2 * (u[i - 1] - 2 * u[i] + u[i + 1]) + 0.01 * sin(u[i]);
    for (int i = 1; i <= n; i++)
      u[i] = v[i];
  }
  double e = 0, tot = 0;
  for (int i = 1; i <= n; i++)
    e += u[i] * u[i];
  MPI_Reduce(&e, &tot, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  return tot;
}

/* Hand-written adjoint: the forward sweep keeps every step's field. */
static void heat_hand(const double *x, double *dx, double *us, double *du,
                      int n, int steps) {
  int left = rank_ > 0 ? rank_ - 1 : MPI_PROC_NULL;
  int right = rank_ < size_ - 1 ? rank_ + 1 : MPI_PROC_NULL;
  int w = n + 2;
  double *u = us;
  for (int i = 0; i < n; i++)
    u[i + 1] = x[i];
  u[0] = u[n + 1] = 0;
  for (int t = 0; t < steps; t++) {
    double *a = us + (size_t)t * w, *b = a + w;
    MPI_Sendrecv(&a[n], 1, MPI_DOUBLE, right, 1, &a[0], 1, MPI_DOUBLE, left, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(&a[1], 1, MPI_DOUBLE, left, 2, &a[n + 1], 1, MPI_DOUBLE, right,
                 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    for (int i = 1; i <= n; i++)
      b[i] = a[i] + 0.2 * (a[i - 1] - 2 * a[i] + a[i + 1]) + 0.01 * sin(a[i]);
  }
  double *last = us + (size_t)steps * w;
  /* Every rank's share of the loss is summed into rank 0's result. */
  memset(du, 0, sizeof(double) * w);
  for (int i = 1; i <= n; i++)
    du[i] = 2 * last[i];
  double *dn = du + w;
  for (int t = steps - 1; t >= 0; t--) {
    double *a = us + (size_t)t * w;
    memset(dn, 0, sizeof(double) * w);
    for (int i = 1; i <= n; i++) {
      double g = du[i];
      dn[i] += g * (1 - 0.4 + 0.01 * cos(a[i]));
      dn[i - 1] += 0.2 * g;
      dn[i + 1] += 0.2 * g;
    }
    /* Mirror the exchange: ghosts' adjoints go back to their owners. */
    double in = 0;
    MPI_Sendrecv(&dn[n + 1], 1, MPI_DOUBLE, right, 3, &in, 1, MPI_DOUBLE, left,
                 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (left != MPI_PROC_NULL)
      dn[1] += in;
    in = 0;
    MPI_Sendrecv(&dn[0], 1, MPI_DOUBLE, left, 4, &in, 1, MPI_DOUBLE, right, 4,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (right != MPI_PROC_NULL)
      dn[n] += in;
    memcpy(du, dn, sizeof(double) * w);
  }
  for (int i = 0; i < n; i++)
    dx[i] += du[i + 1];
}

static double now(void) { return MPI_Wtime(); }

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
  int strong = argc > 1 && !strcmp(argv[1], "-s");
  int cells = argc > 1 + strong ? atoi(argv[1 + strong]) : 20000;
  int steps = argc > 2 + strong ? atoi(argv[2 + strong]) : 200;
  int n = strong ? cells / size_ : cells;
  double *x = malloc(sizeof(double) * n), *dx = malloc(sizeof(double) * n);
  double *u = malloc(sizeof(double) * (n + 2)),
         *v = malloc(sizeof(double) * (n + 2));
  double *du = malloc(sizeof(double) * (n + 2)),
         *dv = malloc(sizeof(double) * (n + 2));
  double *us = malloc(sizeof(double) * (n + 2) * (steps + 1));
  double *hw = malloc(sizeof(double) * (n + 2) * 2),
         *hx = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    x[i] = 0.5 * sin(0.001 * (i + rank_ * n));
  enum { REPS = 7 };
  double tp[REPS], ta[REPS], th[REPS], sink = 0;
  for (int r = 0; r < REPS; r++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = now();
    sink += heat(x, u, v, n, steps);
    MPI_Barrier(MPI_COMM_WORLD);
    double t1 = now();
    memset(dx, 0, sizeof(double) * n);
    __ad_autodiff((void *)heat, ad_dup, x, dx, ad_dupnoneed, u, du,
                  ad_dupnoneed, v, dv, n, steps);
    MPI_Barrier(MPI_COMM_WORLD);
    double t2 = now();
    memset(hx, 0, sizeof(double) * n);
    heat_hand(x, hx, us, hw, n, steps);
    MPI_Barrier(MPI_COMM_WORLD);
    double t3 = now();
    tp[r] = t1 - t0, ta[r] = t2 - t1, th[r] = t3 - t2;
  }
  /* The two gradients must agree (rank 0's loss; every rank's block). */
  double err = 0, ref = 0;
  for (int i = 0; i < n; i++) {
    err = fmax(err, fabs(dx[i] - hx[i]));
    ref = fmax(ref, fabs(hx[i]));
  }
  MPI_Allreduce(MPI_IN_PLACE, &err, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &ref, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  qsort(tp, REPS, sizeof(double), cmp);
  qsort(ta, REPS, sizeof(double), cmp);
  qsort(th, REPS, sizeof(double), cmp);
  if (rank_ == 0)
    printf("ranks %d  cells/rank %d  steps %d  primal %.4fs  ADPass %.4fs "
           "(%.2fx)  hand %.4fs (%.2fx)  max |ADPass - hand| %.1e of %.1e%s\n",
           size_, n, steps, tp[REPS / 2], ta[REPS / 2],
           ta[REPS / 2] / tp[REPS / 2], th[REPS / 2],
           th[REPS / 2] / tp[REPS / 2], err, ref, sink != sink ? " (nan)" : "");
  MPI_Finalize();
  return err > 1e-9 * (ref > 1 ? ref : 1);
}
