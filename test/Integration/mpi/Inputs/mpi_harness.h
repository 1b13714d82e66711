/* mpi_harness.h: checks for the MPI integration programs.
 *
 * A case is a loss over a global vector of NG numbers, split in blocks over
 * the ranks (rank r owns a contiguous block; blocks differ by at most one).
 * The distributed loss takes the rank's block and returns the loss on rank
 * 0 (0 elsewhere); the serial loss takes the whole vector. A case checks,
 * on rank 0, after gathering the ranks' blocks:
 *   - the primal against the serial primal,
 *   - the gradient (every rank differentiates its call, collectively)
 *     against the serial gradient and central finite differences of the
 *     distributed loss,
 *   - forward mode: the tangent along a direction against gradient . v.
 * The program prints the checks and exits nonzero if one failed (every
 * rank learns the verdict). Run it under `timeout`: a mismatched mirror
 * hangs instead of failing.
 */
#include "ad.h"
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef SINGLE
typedef float real;
#define MPI_REAL_T MPI_FLOAT
#define TOL 2e-3
#define FD_TOL 3e-2
#define STEP 2e-3
#define AUTODIFF __ad_autodiff_f
#define FWDDIFF __ad_fwddiff_f
#else
typedef double real;
#define MPI_REAL_T MPI_DOUBLE
#define TOL 1e-9
#define FD_TOL 1e-6
#define STEP 1e-5
#define AUTODIFF __ad_autodiff
#define FWDDIFF __ad_fwddiff
#endif

typedef real (*loss_fn)(real *x, int n);
typedef void (*grad_fn)(real *x, real *dx, int n);
typedef real (*tangent_fn)(real *x, real *dx, int n);

static int h_rank, h_size, h_checks, h_failed;

static void h_start(int *argc, char ***argv) {
  MPI_Init(argc, argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &h_rank);
  MPI_Comm_size(MPI_COMM_WORLD, &h_size);
}

/* The block of rank r: [lo, lo + n). */
static void h_block(int ng, int r, int *lo, int *n) {
  int base = ng / h_size, extra = ng % h_size;
  *n = base + (r < extra);
  *lo = r * base + (r < extra ? r : extra);
}

static void h_check(const char *name, const char *what, int i, double got,
                    double ref, double tol) {
  double scale = fabs(ref) > 1e-3 ? fabs(ref) : 1e-3;
  int ok = got == got && fabs(got - ref) <= tol * scale;
  ++h_checks;
  if (!ok) {
    ++h_failed;
    printf("FAIL %s [%d ranks] %s %d: got %.12g, expected %.12g\n", name,
           h_size, what, i, got, ref);
  }
}

/* Rank 0 gets the global vector from the blocks. */
static void h_gather(const real *local, real *global, int ng) {
  int counts[64], displs[64], lo, n;
  for (int r = 0; r < h_size; r++) {
    h_block(ng, r, &displs[r], &counts[r]);
  }
  h_block(ng, h_rank, &lo, &n);
  MPI_Gatherv(local, n, MPI_REAL_T, global, counts, displs, MPI_REAL_T, 0,
              MPI_COMM_WORLD);
}

static real h_value(int i, int salt) {
  return (real)(0.6 * sin(1.3 * i + 0.7 * salt) + 0.2 + 0.03 * i);
}

static void h_case(const char *name, int ng, loss_fn loss, loss_fn serial,
                   grad_fn grad, grad_fn grad_serial, tangent_fn tangent) {
  int lo, n;
  h_block(ng, h_rank, &lo, &n);
  real *xg = malloc(sizeof(real) * ng), *dg = malloc(sizeof(real) * ng);
  real *ref = malloc(sizeof(real) * ng), *x = malloc(sizeof(real) * (n + 1));
  real *dx = malloc(sizeof(real) * (n + 1));
  for (int i = 0; i < ng; i++)
    xg[i] = h_value(i, 1);
  for (int i = 0; i < n; i++)
    x[i] = xg[lo + i];
  real f = loss(x, n);
  if (h_rank == 0)
    h_check(name, "primal", 0, f, serial(xg, ng), TOL);

  for (int i = 0; i < n; i++)
    dx[i] = 0;
  grad(x, dx, n);
  h_gather(dx, dg, ng);
  if (h_rank == 0) {
    for (int i = 0; i < ng; i++)
      ref[i] = 0;
    real *xs = malloc(sizeof(real) * ng);
    for (int i = 0; i < ng; i++)
      xs[i] = xg[i];
    grad_serial(xs, ref, ng);
    free(xs);
    for (int i = 0; i < ng; i++)
      h_check(name, "gradient vs serial", i, dg[i], ref[i], TOL);
  }
  /* Central differences of the distributed loss, all ranks together. */
  for (int i = 0; i < ng; i += (ng > 12 ? ng / 6 : 1)) {
    real fd[2];
    for (int s = 0; s < 2; s++) {
      for (int k = 0; k < n; k++)
        x[k] = xg[lo + k] + (lo + k == i ? (s ? -STEP : STEP) : 0);
      fd[s] = loss(x, n);
    }
    if (h_rank == 0)
      h_check(name, "gradient vs finite difference", i, dg[i],
              (fd[0] - fd[1]) / (2 * STEP), FD_TOL);
  }
  for (int k = 0; k < n; k++)
    x[k] = xg[lo + k];
  /* Forward mode along v: the tangent of rank 0's result. */
  if (tangent) {
    for (int k = 0; k < n; k++)
      dx[k] = h_value(lo + k, 5);
    real t = tangent(x, dx, n);
    if (h_rank == 0) {
      double dot = 0;
      for (int i = 0; i < ng; i++)
        dot += dg[i] * h_value(i, 5);
      h_check(name, "tangent vs gradient", 0, t, dot, TOL);
    }
  }
  free(xg), free(dg), free(ref), free(x), free(dx);
}

/* Prints the verdict on rank 0; every rank returns it. */
static int h_finish(void) {
  int failed = h_failed;
  MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (h_rank == 0)
    printf("%d checks, %d failed (%d ranks)\n", h_checks, failed, h_size);
  MPI_Finalize();
  return failed != 0;
}

/* Declares the AD entry points of a case: NAME##_grad etc. */
#define H_ENTRY_POINTS(NAME)                                                   \
  static void NAME##_grad(real *x, real *dx, int n) {                          \
    AUTODIFF((void *)NAME, ad_dup, x, dx, n);                                  \
  }                                                                            \
  static void NAME##_serial_grad(real *x, real *dx, int n) {                   \
    AUTODIFF((void *)NAME##_serial, ad_dup, x, dx, n);                         \
  }                                                                            \
  static real NAME##_tangent(real *x, real *dx, int n) {                       \
    return FWDDIFF((void *)NAME, ad_dup, x, dx, n);                            \
  }
#define H_CASE(NAME, NG)                                                       \
  h_case(#NAME, NG, NAME, NAME##_serial, NAME##_grad, NAME##_serial_grad,      \
         NAME##_tangent)
