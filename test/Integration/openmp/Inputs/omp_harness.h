/* omp_harness.h: checks for the OpenMP integration programs.
 *
 * A case is a loss over a vector of N numbers computed with OpenMP, and the
 * same loss written serially. A case checks:
 *   - the primal against the serial primal,
 *   - the gradient against the serial gradient (ADPass on the serial loss)
 *     and central finite differences of the parallel loss,
 *   - forward mode: the tangent along a direction against gradient . v,
 *   - that the gradient is the same when computed twice (no stale shadow
 *     or tape state, no race that changes sums beyond rounding).
 * The program prints the checks and exits nonzero if one failed. Run it at
 * several OMP_NUM_THREADS, under `timeout`.
 */
#include "ad.h"
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#define TOL 1e-9
#define FD_TOL 1e-6
#define STEP 1e-5

typedef double (*loss_fn)(double *x, int n);
typedef void (*grad_fn)(double *x, double *dx, int n);
typedef double (*tangent_fn)(double *x, double *dx, int n);

static int h_checks, h_failed;
/* Tolerances and step: tighter for double sums, looser for float ones. */
static double h_tol = TOL, h_fd_tol = FD_TOL, h_step = STEP;

static void h_check(const char *name, const char *what, int i, double got,
                    double ref, double tol) {
  double scale = fabs(ref) > 1e-3 ? fabs(ref) : 1e-3;
  int ok = got == got && fabs(got - ref) <= tol * scale;
  ++h_checks;
  if (!ok) {
    ++h_failed;
    printf("FAIL %s [%d threads] %s %d: got %.12g, expected %.12g\n", name,
           omp_get_max_threads(), what, i, got, ref);
  }
}

static double h_value(int i, int salt) {
  return 0.6 * sin(1.3 * i + 0.7 * salt) + 0.2 + 0.03 * i;
}

static void h_case(const char *name, int n, loss_fn loss, loss_fn serial,
                   grad_fn grad, grad_fn grad_serial, tangent_fn tangent) {
  double *x = malloc(sizeof(double) * n), *dx = calloc(n, sizeof(double));
  double *d2 = calloc(n, sizeof(double)), *ref = calloc(n, sizeof(double));
  for (int i = 0; i < n; i++)
    x[i] = h_value(i, 1);
  h_check(name, "primal", 0, loss(x, n), serial(x, n), h_tol);
  grad(x, dx, n);
  grad(x, d2, n);
  grad_serial(x, ref, n);
  for (int i = 0; i < n; i++) {
    h_check(name, "gradient vs serial", i, dx[i], ref[i], h_tol);
    h_check(name, "gradient twice", i, d2[i], dx[i], h_tol);
  }
  for (int i = 0; i < n; i += (n > 12 ? n / 6 : 1)) {
    double xi = x[i], fd[2];
    for (int s = 0; s < 2; s++) {
      x[i] = xi + (s ? -h_step : h_step);
      fd[s] = loss(x, n);
    }
    x[i] = xi;
    h_check(name, "gradient vs finite difference", i, dx[i],
            (fd[0] - fd[1]) / (2 * h_step), h_fd_tol);
  }
  if (tangent) {
    double dot = 0;
    for (int i = 0; i < n; i++) {
      d2[i] = h_value(i, 5);
      dot += dx[i] * d2[i];
    }
    h_check(name, "tangent vs gradient", 0, tangent(x, d2, n), dot, h_tol);
  }
  free(x), free(dx), free(d2), free(ref);
}

static int h_finish(void) {
  printf("%d checks, %d failed (%d threads)\n", h_checks, h_failed,
         omp_get_max_threads());
  return h_failed != 0;
}

/* Declares the AD entry points of a case: NAME##_grad etc. */
#define H_ENTRY_POINTS(NAME)                                                   \
  static void NAME##_grad(double *x, double *dx, int n) {                      \
    __ad_autodiff((void *)NAME, ad_dup, x, dx, n);                             \
  }                                                                            \
  static void NAME##_serial_grad(double *x, double *dx, int n) {               \
    __ad_autodiff((void *)NAME##_serial, ad_dup, x, dx, n);                    \
  }                                                                            \
  static double NAME##_tangent(double *x, double *dx, int n) {                 \
    return __ad_fwddiff((void *)NAME, ad_dup, x, dx, n);                       \
  }
#define H_CASE(NAME, N)                                                        \
  h_case(#NAME, N, NAME, NAME##_serial, NAME##_grad, NAME##_serial_grad,       \
         NAME##_tangent)
