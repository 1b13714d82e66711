/* blas_harness.h: BLAS calls in both spellings and precisions, loop
 * implementations of the same operations (BLAS semantics: increments of
 * either sign, leading dimensions, row and column major), and the checks of
 * the BLAS tests: the gradient of a loss through a BLAS call against the
 * gradient of the same loss through the loops, against finite differences,
 * and the tangent (__ad_fwddiff) against the gradient.
 *
 * -DSINGLE: float (s*) routines; -DFORTRAN: the Fortran spelling (dgemm_,
 * column major only), else CBLAS (cblas_dgemm).
 */
#include "adcheck.h"
#include <math.h>
#include <string.h>

#ifdef SINGLE
typedef float real;
#define BLAS_NAME(x) s##x
#define CBLAS_NAME(x) cblas_s##x
#define TOL 2e-3
#else
typedef double real;
#define BLAS_NAME(x) d##x
#define CBLAS_NAME(x) cblas_d##x
#define TOL 1e-8
#endif

enum { RowMajor = 101, ColMajor = 102, NoTrans = 111, Trans = 112 };

/* CBLAS prototypes (enums as int, as the ABI passes them). */
real CBLAS_NAME(dot)(int, const real *, int, const real *, int);
real CBLAS_NAME(nrm2)(int, const real *, int);
real CBLAS_NAME(asum)(int, const real *, int);
void CBLAS_NAME(axpy)(int, real, const real *, int, real *, int);
void CBLAS_NAME(scal)(int, real, real *, int);
void CBLAS_NAME(copy)(int, const real *, int, real *, int);
void CBLAS_NAME(swap)(int, real *, int, real *, int);
void CBLAS_NAME(gemv)(int, int, int, int, real, const real *, int, const real *,
                      int, real, real *, int);
void CBLAS_NAME(ger)(int, int, int, real, const real *, int, const real *, int,
                     real *, int);
void CBLAS_NAME(gemm)(int, int, int, int, int, int, real, const real *, int,
                      const real *, int, real, real *, int);
/* Fortran prototypes: everything by reference. */
real BLAS_NAME(dot_)(const int *, const real *, const int *, const real *,
                     const int *);
real BLAS_NAME(nrm2_)(const int *, const real *, const int *);
real BLAS_NAME(asum_)(const int *, const real *, const int *);
void BLAS_NAME(axpy_)(const int *, const real *, const real *, const int *,
                      real *, const int *);
void BLAS_NAME(scal_)(const int *, const real *, real *, const int *);
void BLAS_NAME(copy_)(const int *, const real *, const int *, real *,
                      const int *);
void BLAS_NAME(swap_)(const int *, real *, const int *, real *, const int *);
void BLAS_NAME(gemv_)(const char *, const int *, const int *, const real *,
                      const real *, const int *, const real *, const int *,
                      const real *, real *, const int *);
void BLAS_NAME(ger_)(const int *, const int *, const real *, const real *,
                     const int *, const real *, const int *, real *,
                     const int *);
void BLAS_NAME(gemm_)(const char *, const char *, const int *, const int *,
                      const int *, const real *, const real *, const int *,
                      const real *, const int *, const real *, real *,
                      const int *);

/* ---- the calls, in the spelling under test ------------------------------ */
#ifdef FORTRAN
#define HAS_ROW_MAJOR 0
#define DOT(n, x, ix, y, iy)                                                   \
  ({                                                                           \
    int n_ = (n), ix_ = (ix), iy_ = (iy);                                      \
    BLAS_NAME(dot_)(&n_, x, &ix_, y, &iy_);                                    \
  })
#define NRM2(n, x, ix)                                                         \
  ({                                                                           \
    int n_ = (n), ix_ = (ix);                                                  \
    BLAS_NAME(nrm2_)(&n_, x, &ix_);                                            \
  })
#define ASUM(n, x, ix)                                                         \
  ({                                                                           \
    int n_ = (n), ix_ = (ix);                                                  \
    BLAS_NAME(asum_)(&n_, x, &ix_);                                            \
  })
#define AXPY(n, a, x, ix, y, iy)                                               \
  do {                                                                         \
    int n_ = (n), ix_ = (ix), iy_ = (iy);                                      \
    real a_ = (a);                                                             \
    BLAS_NAME(axpy_)(&n_, &a_, x, &ix_, y, &iy_);                              \
  } while (0)
#define SCAL(n, a, x, ix)                                                      \
  do {                                                                         \
    int n_ = (n), ix_ = (ix);                                                  \
    real a_ = (a);                                                             \
    BLAS_NAME(scal_)(&n_, &a_, x, &ix_);                                       \
  } while (0)
#define COPY(n, x, ix, y, iy)                                                  \
  do {                                                                         \
    int n_ = (n), ix_ = (ix), iy_ = (iy);                                      \
    BLAS_NAME(copy_)(&n_, x, &ix_, y, &iy_);                                   \
  } while (0)
#define SWAP(n, x, ix, y, iy)                                                  \
  do {                                                                         \
    int n_ = (n), ix_ = (ix), iy_ = (iy);                                      \
    BLAS_NAME(swap_)(&n_, x, &ix_, y, &iy_);                                   \
  } while (0)
#define GEMV(lay, t, m, n, al, A, lda, x, ix, be, y, iy)                       \
  do {                                                                         \
    char t_ = (t) ? 'T' : 'n';                                                 \
    int m_ = (m), n_ = (n), l_ = (lda), ix_ = (ix), iy_ = (iy);                \
    real al_ = (al), be_ = (be);                                               \
    BLAS_NAME(gemv_)(&t_, &m_, &n_, &al_, A, &l_, x, &ix_, &be_, y, &iy_);     \
  } while (0)
#define GER(lay, m, n, al, x, ix, y, iy, A, lda)                               \
  do {                                                                         \
    int m_ = (m), n_ = (n), l_ = (lda), ix_ = (ix), iy_ = (iy);                \
    real al_ = (al);                                                           \
    BLAS_NAME(ger_)(&m_, &n_, &al_, x, &ix_, y, &iy_, A, &l_);                 \
  } while (0)
#define GEMM(lay, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc)             \
  do {                                                                         \
    char ta_ = (ta) ? 't' : 'N', tb_ = (tb) ? 'T' : 'N';                       \
    int m_ = (m), n_ = (n), k_ = (k), la_ = (lda), lb_ = (ldb), lc_ = (ldc);   \
    real al_ = (al), be_ = (be);                                               \
    BLAS_NAME(gemm_)                                                           \
    (&ta_, &tb_, &m_, &n_, &k_, &al_, A, &la_, B, &lb_, &be_, C, &lc_);        \
  } while (0)
#else
#define HAS_ROW_MAJOR 1
#define DOT(n, x, ix, y, iy) CBLAS_NAME(dot)(n, x, ix, y, iy)
#define NRM2(n, x, ix) CBLAS_NAME(nrm2)(n, x, ix)
#define ASUM(n, x, ix) CBLAS_NAME(asum)(n, x, ix)
#define AXPY(n, a, x, ix, y, iy) CBLAS_NAME(axpy)(n, a, x, ix, y, iy)
#define SCAL(n, a, x, ix) CBLAS_NAME(scal)(n, a, x, ix)
#define COPY(n, x, ix, y, iy) CBLAS_NAME(copy)(n, x, ix, y, iy)
#define SWAP(n, x, ix, y, iy) CBLAS_NAME(swap)(n, x, ix, y, iy)
#define GEMV(lay, t, m, n, al, A, lda, x, ix, be, y, iy)                       \
  CBLAS_NAME(gemv)                                                             \
  (lay, (t) ? Trans : NoTrans, m, n, al, A, lda, x, ix, be, y, iy)
#define GER(lay, m, n, al, x, ix, y, iy, A, lda)                               \
  CBLAS_NAME(ger)(lay, m, n, al, x, ix, y, iy, A, lda)
#define GEMM(lay, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc)             \
  CBLAS_NAME(gemm)                                                             \
  (lay, (ta) ? Trans : NoTrans, (tb) ? Trans : NoTrans, m, n, k, al, A, lda,   \
   B, ldb, be, C, ldc)
#endif

/* ---- the same operations as loops ---------------------------------------- */
/* Element k of a BLAS vector of n elements with increment inc. */
#define VEC(x, n, inc, k) (x)[(inc) > 0 ? (k) * (inc) : ((n)-1 - (k)) * -(inc)]
/* Element (i, j) of a matrix in layout lay. */
#define MAT(a, lay, ld, i, j)                                                  \
  (a)[(lay) == RowMajor ? (i) * (ld) + (j) : (i) + (j) * (ld)]

static real dot_loop(int n, const real *x, int ix, const real *y, int iy) {
  real s = 0;
  for (int k = 0; k < n; k++)
    s += VEC(x, n, ix, k) * VEC(y, n, iy, k);
  return s;
}
static real nrm2_loop(int n, const real *x, int ix) {
  real s = 0;
  if (ix <= 0)
    return 0;
  for (int k = 0; k < n; k++)
    s += x[k * ix] * x[k * ix];
  return sqrt(s);
}
static real asum_loop(int n, const real *x, int ix) {
  real s = 0;
  if (ix <= 0)
    return 0;
  for (int k = 0; k < n; k++)
    s += fabs(x[k * ix]);
  return s;
}
static void axpy_loop(int n, real a, const real *x, int ix, real *y, int iy) {
  for (int k = 0; k < n; k++)
    VEC(y, n, iy, k) += a * VEC(x, n, ix, k);
}
static void scal_loop(int n, real a, real *x, int ix) {
  if (ix <= 0)
    return;
  for (int k = 0; k < n; k++)
    x[k * ix] *= a;
}
static void copy_loop(int n, const real *x, int ix, real *y, int iy) {
  for (int k = 0; k < n; k++)
    VEC(y, n, iy, k) = VEC(x, n, ix, k);
}
static void swap_loop(int n, real *x, int ix, real *y, int iy) {
  for (int k = 0; k < n; k++) {
    real t = VEC(x, n, ix, k);
    VEC(x, n, ix, k) = VEC(y, n, iy, k);
    VEC(y, n, iy, k) = t;
  }
}
static void gemv_loop(int lay, int t, int m, int n, real al, const real *A,
                      int lda, const real *x, int ix, real be, real *y,
                      int iy) {
  int ny = t ? n : m, nx = t ? m : n;
  for (int i = 0; i < ny; i++) {
    real s = 0;
    for (int j = 0; j < nx; j++)
      s += (t ? MAT(A, lay, lda, j, i) : MAT(A, lay, lda, i, j)) *
           VEC(x, nx, ix, j);
    VEC(y, ny, iy, i) = al * s + be * VEC(y, ny, iy, i);
  }
}
static void ger_loop(int lay, int m, int n, real al, const real *x, int ix,
                     const real *y, int iy, real *A, int lda) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      MAT(A, lay, lda, i, j) += al * VEC(x, m, ix, i) * VEC(y, n, iy, j);
}
static void gemm_loop(int lay, int ta, int tb, int m, int n, int k, real al,
                      const real *A, int lda, const real *B, int ldb, real be,
                      real *C, int ldc) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      real s = 0;
      for (int l = 0; l < k; l++)
        s += (ta ? MAT(A, lay, lda, l, i) : MAT(A, lay, lda, i, l)) *
             (tb ? MAT(B, lay, ldb, j, l) : MAT(B, lay, ldb, l, j));
      MAT(C, lay, ldc, i, j) = al * s + be * MAT(C, lay, ldc, i, j);
    }
}

/* ---- checks -------------------------------------------------------------- */
#define NP 96 /* parameters: scalars, then the arrays */

double __ad_autodiff(void *, ...);
double __ad_fwddiff(void *, ...);
extern int ad_dup, ad_const;

/* The loss every test differentiates: a weighted sum of sines of all the
 * memory (so every element gets its own seed), plus the routine's result. */
static real loss_of(const real *w, real r) {
  real s = r;
  for (int i = 0; i < NP; i++)
    s += sin(w[i]) * (real)(1 + i % 7) * (real)0.25;
  return s;
}

static void fill(real *p, int salt) {
  for (int i = 0; i < NP; i++)
    p[i] = (real)(0.3 * sin(1.7 * i + salt) + 0.05 * (i % 5) - 0.1);
  p[0] = (real)1.25; /* alpha */
  p[1] = (real)-0.5; /* beta */
}

typedef real (*loss_fn)(const real *, real *, int);

/* FD of a loss in parameter i. */
static double fd(loss_fn f, const real *p, real *w, int cfg, int i) {
  real q[NP];
  double h = sizeof(real) == 4 ? 3e-3 : 1e-5, s = 0;
  static const double c[4] = {1.0 / 12, -2.0 / 3, 2.0 / 3, -1.0 / 12};
  static const int o[4] = {-2, -1, 1, 2};
  for (int k = 0; k < 4; k++) {
    memcpy(q, p, sizeof q);
    q[i] += (real)(o[k] * h);
    s += c[k] * f(q, w, cfg);
  }
  return s / h;
}

static int close_to(double a, double b, double tol) {
  return fabs(a - b) <= tol * (1 + fabs(b));
}

/* Gradient through BLAS vs through loops vs FD; tangent vs gradient. */
#define CHECK_CASE(name, blasf, loopf, cfg)                                    \
  do {                                                                         \
    real p_[NP], g_[NP] = {0}, gl_[NP] = {0}, w_[NP], dw_[NP] = {0};           \
    real v_[NP], dwf_[NP] = {0};                                               \
    fill(p_, (cfg));                                                           \
    __ad_autodiff((void *)blasf, ad_dup, p_, g_, ad_dup, w_, dw_, (cfg));      \
    memset(dw_, 0, sizeof dw_);                                                \
    __ad_autodiff((void *)loopf, ad_dup, p_, gl_, ad_dup, w_, dw_, (cfg));     \
    int bad_ = 0;                                                              \
    double gv_ = 0;                                                            \
    for (int i_ = 0; i_ < NP; i_++) {                                          \
      v_[i_] = (real)(0.5 + 0.1 * (i_ % 3));                                   \
      gv_ += (double)g_[i_] * v_[i_];                                          \
      if (!close_to(g_[i_], gl_[i_], TOL))                                     \
        bad_++;                                                                \
      if (!close_to(g_[i_], fd(blasf, p_, w_, (cfg), i_),                      \
                    sizeof(real) == 4 ? 2e-2 : 1e-6))                          \
        bad_ += 1000;                                                          \
    }                                                                          \
    double t_ =                                                                \
        __ad_fwddiff((void *)blasf, ad_dup, p_, v_, ad_dup, w_, dwf_, (cfg));  \
    if (!close_to(t_, gv_, sizeof(real) == 4 ? 1e-3 : 1e-9))                   \
      bad_ += 100000;                                                          \
    char what_[96];                                                            \
    snprintf(what_, sizeof what_, "%s cfg %d (loops%s%s)", name, (cfg),        \
             bad_ % 1000 ? " DIFFER" : "",                                     \
             bad_ >= 1000 ? ", fd/fwd DIFFER" : "");                           \
    adcheck_record(what_, bad_ == 0, "");                                      \
  } while (0)
