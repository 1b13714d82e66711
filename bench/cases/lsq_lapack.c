/* lsq_lapack: a ridge least-squares fit through a Cholesky solve,
 * beta = (X^T X + lambda I)^-1 X^T y (X 512x64, row major; cblas_dsyrk,
 * cblas_dgemv, LAPACKE_dpotrf, LAPACKE_dpotrs), and the loss
 * sum (beta - t)^2; the gradient with respect to the data X and y. A
 * hand-written adjoint with BLAS/LAPACK alongside. Shared primal:
 * lsq_lapack_ad.c includes this file with BENCH_PRIMAL_ONLY defined.
 * Linked with LAPACKE and OpenBLAS. */
#define LQ_M 512
#define LQ_N 64
#define LQ_LAMBDA 0.5

enum { LqRowMajor = 101, LqLower = 122, LqNoTrans = 111, LqTrans = 112 };
void cblas_dsyrk(int, int, int, int, int, double, const double *, int, double,
                 double *, int);
void cblas_dgemv(int, int, int, int, double, const double *, int,
                 const double *, int, double, double *, int);
int LAPACKE_dpotrf(int, char, int, double *, int);
int LAPACKE_dpotrs(int, char, int, int, const double *, int, double *, int);

/* beta in b; the Cholesky factor of X^T X + lambda I in A's lower triangle. */
static void lsq_solve(const double *X, const double *y, double *A, double *b) {
  cblas_dsyrk(LqRowMajor, LqLower, LqTrans, LQ_N, LQ_M, 1.0, X, LQ_N, 0.0, A,
              LQ_N);
  for (int i = 0; i < LQ_N; ++i)
    A[i * LQ_N + i] += LQ_LAMBDA;
  cblas_dgemv(LqRowMajor, LqTrans, LQ_M, LQ_N, 1.0, X, LQ_N, y, 1, 0.0, b, 1);
  LAPACKE_dpotrf(LqRowMajor, 'L', LQ_N, A, LQ_N);
  LAPACKE_dpotrs(LqRowMajor, 'L', LQ_N, 1, A, LQ_N, b, 1);
}

static double lsq_lapack_f(const double *X, const double *y, const double *t) {
  double A[LQ_N * LQ_N], b[LQ_N];
  lsq_solve(X, y, A, b);
  double s = 0;
  for (int k = 0; k < LQ_N; ++k)
    s += (b[k] - t[k]) * (b[k] - t[k]);
  return s;
}

#ifndef BENCH_PRIMAL_ONLY
void cblas_dger(int, int, int, double, const double *, int, const double *, int,
                double *, int);

double lsq_lapack_primal(const double *X, const double *y, const double *t) {
  return lsq_lapack_f(X, y, t);
}

/* The adjoint by hand: z = (X^T X + lambda I)^-1 2 (beta - t) (one more
 * potrs with the factor), then dy += X z and
 * dX += (y - X beta) z^T - (X z) beta^T (two gemv, two ger). */
void lsq_lapack_grad_hand(const double *X, const double *y, const double *t,
                          double *dX, double *dy) {
  double A[LQ_N * LQ_N], beta[LQ_N], z[LQ_N], u[LQ_M], v[LQ_M];
  lsq_solve(X, y, A, beta);
  for (int k = 0; k < LQ_N; ++k)
    z[k] = 2 * (beta[k] - t[k]);
  LAPACKE_dpotrs(LqRowMajor, 'L', LQ_N, 1, A, LQ_N, z, 1);
  cblas_dgemv(LqRowMajor, LqNoTrans, LQ_M, LQ_N, 1.0, X, LQ_N, z, 1, 0.0, u, 1);
  cblas_dgemv(LqRowMajor, LqNoTrans, LQ_M, LQ_N, -1.0, X, LQ_N, beta, 1, 0.0, v,
              1);
  for (int i = 0; i < LQ_M; ++i) {
    dy[i] += u[i];
    v[i] += y[i];
  }
  cblas_dger(LqRowMajor, LQ_M, LQ_N, 1.0, v, 1, z, 1, dX, LQ_N);
  cblas_dger(LqRowMajor, LQ_M, LQ_N, -1.0, u, 1, beta, 1, dX, LQ_N);
}
#endif
