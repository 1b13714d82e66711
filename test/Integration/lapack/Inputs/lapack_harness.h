/* lapack_harness.h: LAPACK calls in both spellings and precisions, and the
 * checks of the LAPACK tests: the gradient of a loss through LAPACK calls
 * against the gradient of the same loss through loops (when the test has
 * a loop version) and against central finite differences, and the tangent
 * (__ad_fwddiff) against the gradient.
 *
 * -DSINGLE: float (s*) routines; -DFORTRAN: the Fortran spelling
 * (dpotrf_, column major only), else LAPACKE (LAPACKE_dpotrf).
 *
 * A case is `real f(const real *p, real *w, int cfg)`: it builds its
 * matrices in the workspace w (ad_dup) from the parameters p, calls LAPACK
 * and returns a loss of the results that are defined.
 */
#include "ad.h"
#include "adcheck.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#ifdef SINGLE
typedef float real;
#define LAPACKE(x) LAPACKE_s##x
#define FORT(x) s##x##_
#define TOL 2e-3
#define FD_TOL 2e-2
#define FWD_TOL 1e-3
#define STEP 1e-2
#else
typedef double real;
#define LAPACKE(x) LAPACKE_d##x
#define FORT(x) d##x##_
#define TOL 1e-8
#define FD_TOL 1e-6
#define FWD_TOL 1e-9
#define STEP 1e-5
#endif

enum { RowMajor = 101, ColMajor = 102 };

int LAPACKE(potrf)(int, char, int, real *, int);
int LAPACKE(potrs)(int, char, int, int, const real *, int, real *, int);
int LAPACKE(getrf)(int, int, int, real *, int, int *);
int LAPACKE(getrs)(int, char, int, int, const real *, int, const int *, real *,
                   int);
int LAPACKE(gesv)(int, int, int, real *, int, int *, real *, int);
int LAPACKE(syev)(int, char, char, int, real *, int, real *);
int LAPACKE(getri)(int, int, real *, int, const int *);
int LAPACKE(potri)(int, char, int, real *, int);
int LAPACKE(gels)(int, char, int, int, int, real *, int, real *, int);
void FORT(potrf)(const char *, const int *, real *, const int *, int *);
void FORT(potrs)(const char *, const int *, const int *, const real *,
                 const int *, real *, const int *, int *);
void FORT(getrf)(const int *, const int *, real *, const int *, int *, int *);
void FORT(getrs)(const char *, const int *, const int *, const real *,
                 const int *, const int *, real *, const int *, int *);
void FORT(gesv)(const int *, const int *, real *, const int *, int *, real *,
                const int *, int *);
void FORT(syev)(const char *, const char *, const int *, real *, const int *,
                real *, real *, const int *, int *);
void FORT(getri)(const int *, real *, const int *, const int *, real *,
                 const int *, int *);
void FORT(potri)(const char *, const int *, real *, const int *, int *);
void FORT(gels)(const char *, const int *, const int *, const int *, real *,
                const int *, real *, const int *, real *, const int *, int *);

/* ---- the calls, in the spelling under test ------------------------------ */
#ifdef FORTRAN
#define HAS_ROW_MAJOR 0
#define POTRF(lay, up, n, a, lda)                                              \
  do {                                                                         \
    int n_ = (n), l_ = (lda), i_;                                              \
    FORT(potrf)(up, &n_, a, &l_, &i_);                                         \
  } while (0)
#define POTRS(lay, up, n, nrhs, a, lda, b, ldb)                                \
  do {                                                                         \
    int n_ = (n), r_ = (nrhs), la_ = (lda), lb_ = (ldb), i_;                   \
    FORT(potrs)(up, &n_, &r_, a, &la_, b, &lb_, &i_);                          \
  } while (0)
#define GETRF(lay, m, n, a, lda, ipiv)                                         \
  do {                                                                         \
    int m_ = (m), n_ = (n), l_ = (lda), i_;                                    \
    FORT(getrf)(&m_, &n_, a, &l_, ipiv, &i_);                                  \
  } while (0)
#define GETRS(lay, tr, n, nrhs, a, lda, ipiv, b, ldb)                          \
  do {                                                                         \
    int n_ = (n), r_ = (nrhs), la_ = (lda), lb_ = (ldb), i_;                   \
    FORT(getrs)(tr, &n_, &r_, a, &la_, ipiv, b, &lb_, &i_);                    \
  } while (0)
#define GESV(lay, n, nrhs, a, lda, ipiv, b, ldb)                               \
  do {                                                                         \
    int n_ = (n), r_ = (nrhs), la_ = (lda), lb_ = (ldb), i_;                   \
    FORT(gesv)(&n_, &r_, a, &la_, ipiv, b, &lb_, &i_);                         \
  } while (0)
/* With the workspace query users write first. */
#define SYEV(lay, jobz, up, n, a, lda, w)                                      \
  do {                                                                         \
    int n_ = (n), l_ = (lda), lw_ = -1, i_;                                    \
    real q_, work_[64];                                                        \
    FORT(syev)(jobz, up, &n_, a, &l_, w, &q_, &lw_, &i_);                      \
    lw_ = (int)q_ < 64 ? (int)q_ : 64;                                         \
    FORT(syev)(jobz, up, &n_, a, &l_, w, work_, &lw_, &i_);                    \
  } while (0)
#define POTRI(lay, up, n, a, lda)                                              \
  do {                                                                         \
    int n_ = (n), l_ = (lda), i_;                                              \
    FORT(potri)(up, &n_, a, &l_, &i_);                                         \
  } while (0)
#define GETRI(lay, n, a, lda, ipiv)                                            \
  do {                                                                         \
    int n_ = (n), l_ = (lda), lw_ = 64, i_;                                    \
    real work_[64];                                                            \
    FORT(getri)(&n_, a, &l_, ipiv, work_, &lw_, &i_);                          \
  } while (0)
#define GELS(lay, tr, m, n, nrhs, a, lda, b, ldb)                              \
  do {                                                                         \
    int m_ = (m), n_ = (n), r_ = (nrhs), la_ = (lda), lb_ = (ldb), lw_ = -1,   \
        i_;                                                                    \
    real q_, work_[64];                                                        \
    FORT(gels)(tr, &m_, &n_, &r_, a, &la_, b, &lb_, &q_, &lw_, &i_);           \
    lw_ = (int)q_ < 64 ? (int)q_ : 64;                                         \
    FORT(gels)(tr, &m_, &n_, &r_, a, &la_, b, &lb_, work_, &lw_, &i_);         \
  } while (0)
#else
#define HAS_ROW_MAJOR 1
#define POTRF(lay, up, n, a, lda) LAPACKE(potrf)(lay, *(up), n, a, lda)
#define POTRS(lay, up, n, nrhs, a, lda, b, ldb)                                \
  LAPACKE(potrs)(lay, *(up), n, nrhs, a, lda, b, ldb)
#define GETRF(lay, m, n, a, lda, ipiv) LAPACKE(getrf)(lay, m, n, a, lda, ipiv)
#define GETRS(lay, tr, n, nrhs, a, lda, ipiv, b, ldb)                          \
  LAPACKE(getrs)(lay, *(tr), n, nrhs, a, lda, ipiv, b, ldb)
#define GESV(lay, n, nrhs, a, lda, ipiv, b, ldb)                               \
  LAPACKE(gesv)(lay, n, nrhs, a, lda, ipiv, b, ldb)
#define SYEV(lay, jobz, up, n, a, lda, w)                                      \
  LAPACKE(syev)(lay, *(jobz), *(up), n, a, lda, w)
#define POTRI(lay, up, n, a, lda) LAPACKE(potri)(lay, *(up), n, a, lda)
#define GETRI(lay, n, a, lda, ipiv) LAPACKE(getri)(lay, n, a, lda, ipiv)
#define GELS(lay, tr, m, n, nrhs, a, lda, b, ldb)                              \
  LAPACKE(gels)(lay, *(tr), m, n, nrhs, a, lda, b, ldb)
#endif

/* Element (i, j) of a matrix in layout lay. */
#define MAT(a, lay, ld, i, j)                                                  \
  (a)[(lay) == RowMajor ? (i) * (ld) + (j) : (i) + (j) * (ld)]

#define NP 96 /* parameters */

static void fill(real *p, int salt) {
  for (int i = 0; i < NP; i++)
    p[i] = (real)(0.3 * sin(1.7 * i + salt) + 0.05 * (i % 5) - 0.1);
}

/* A loss of k values starting at v, each weighted differently. */
static real loss_of(const real *v, int k, int salt) {
  real s = 0;
  for (int i = 0; i < k; i++)
    s += sin(v[i] + (real)0.1 * salt) * (real)(1 + (i + salt) % 7) * (real)0.25;
  return s;
}

/* A loss of the rows x cols elements of a matrix stored with leading
 * dimension ld (padding excluded). */
static real loss_mat(const real *a, int lay, int ld, int rows, int cols,
                     int salt) {
  real s = 0;
  for (int i = 0; i < rows; i++)
    for (int j = 0; j < cols; j++)
      s += loss_of(&MAT(a, lay, ld, i, j), 1, salt + i + 3 * j);
  return s;
}

static int close_to(double a, double b, double tol) {
  return fabs(a - b) <= tol * (1 + fabs(b));
}

typedef real (*case_fn)(const real *, real *, int);

static double fd(case_fn f, const real *p, int cfg, int i) {
  real q[NP], w[NP] = {0};
  memcpy(q, p, sizeof q);
  q[i] = p[i] + (real)STEP;
  double up = f(q, w, cfg);
  q[i] = p[i] - (real)STEP;
  double down = f(q, w, cfg);
  return (up - down) / (2 * STEP);
}

/* Compares the gradient g of f with loops' gradient gl (if any) and finite
 * differences, and f's tangent t along v with the gradient. */
static void report(const char *name, case_fn f, const real *p, const real *g,
                   const real *gl, const real *v, double t, int cfg) {
  int bad_loop = 0, bad_fd = 0;
  double gv = 0;
  for (int i = 0; i < NP; i++) {
    gv += (double)g[i] * v[i];
    if (gl && !close_to(g[i], gl[i], TOL))
      bad_loop++;
    double d = fd(f, p, cfg, i);
    if (!close_to(g[i], d, FD_TOL) && bad_fd++ == 0)
      printf("  %s cfg %d: d/dp[%d] = %.10g, finite differences %.10g\n", name,
             cfg, i, (double)g[i], d);
  }
  int bad_fwd = !close_to(t, gv, FWD_TOL);
  if (bad_fwd)
    printf("  %s cfg %d: tangent %.10g, gradient . v %.10g\n", name, cfg, t,
           gv);
  char what[128];
  snprintf(what, sizeof what, "%s cfg %d%s%s%s", name, cfg,
           bad_loop ? " (loops DIFFER)" : "", bad_fd ? " (fd DIFFER)" : "",
           bad_fwd ? " (tangent DIFFERS)" : "");
  adcheck_record(what, !bad_loop && !bad_fd && !bad_fwd, "");
}

static void directions(real *p, real *v, int cfg) {
  fill(p, cfg);
  for (int i = 0; i < NP; i++)
    v[i] = (real)(0.5 + 0.1 * (i % 3));
}

/* The gradient of f (and of loopf) and f's tangent, checked by report(). */
#define CHECK_CASE_LOOP(name, f, loopf, cfg)                                   \
  do {                                                                         \
    real p_[NP], g_[NP] = {0}, gl_[NP] = {0}, w_[NP] = {0}, dw_[NP] = {0};     \
    real v_[NP];                                                               \
    real dwf_[NP] = {0};                                                       \
    directions(p_, v_, (cfg));                                                 \
    __ad_autodiff((void *)f, ad_dup, p_, g_, ad_dup, w_, dw_, (cfg));          \
    memset(dw_, 0, sizeof dw_);                                                \
    __ad_autodiff((void *)loopf, ad_dup, p_, gl_, ad_dup, w_, dw_, (cfg));     \
    double t_ =                                                                \
        __ad_fwddiff((void *)f, ad_dup, p_, v_, ad_dup, w_, dwf_, (cfg));      \
    report(name, f, p_, g_, gl_, v_, t_, (cfg));                               \
  } while (0)
#define CHECK_CASE(name, f, cfg)                                               \
  do {                                                                         \
    real p_[NP], g_[NP] = {0}, w_[NP] = {0}, dw_[NP] = {0}, v_[NP];            \
    real dwf_[NP] = {0};                                                       \
    directions(p_, v_, (cfg));                                                 \
    __ad_autodiff((void *)f, ad_dup, p_, g_, ad_dup, w_, dw_, (cfg));          \
    double t_ =                                                                \
        __ad_fwddiff((void *)f, ad_dup, p_, v_, ad_dup, w_, dwf_, (cfg));      \
    report(name, f, p_, g_, 0, v_, t_, (cfg));                                 \
  } while (0)
