/* blas_structured.h: the symmetric and triangular routines (symv, trmv,
 * trsv, symm, syrk, syr2k, trmm, trsm) for blas_harness.h: prototypes,
 * calls in the spelling under test, and loop implementations with BLAS
 * semantics (one triangle read, unit diagonals not read). */
enum {
  Upper = 121,
  Lower = 122,
  NonUnit = 131,
  Unit = 132,
  Left = 141,
  Right = 142
};

void CBLAS_NAME(symv)(int, int, int, real, const real *, int, const real *, int,
                      real, real *, int);
void CBLAS_NAME(trmv)(int, int, int, int, int, const real *, int, real *, int);
void CBLAS_NAME(trsv)(int, int, int, int, int, const real *, int, real *, int);
void CBLAS_NAME(symm)(int, int, int, int, int, real, const real *, int,
                      const real *, int, real, real *, int);
void CBLAS_NAME(syrk)(int, int, int, int, int, real, const real *, int, real,
                      real *, int);
void CBLAS_NAME(syr2k)(int, int, int, int, int, real, const real *, int,
                       const real *, int, real, real *, int);
void CBLAS_NAME(trmm)(int, int, int, int, int, int, int, real, const real *,
                      int, real *, int);
void CBLAS_NAME(trsm)(int, int, int, int, int, int, int, real, const real *,
                      int, real *, int);
void BLAS_NAME(symv_)(const char *, const int *, const real *, const real *,
                      const int *, const real *, const int *, const real *,
                      real *, const int *);
void BLAS_NAME(trmv_)(const char *, const char *, const char *, const int *,
                      const real *, const int *, real *, const int *);
void BLAS_NAME(trsv_)(const char *, const char *, const char *, const int *,
                      const real *, const int *, real *, const int *);
void BLAS_NAME(symm_)(const char *, const char *, const int *, const int *,
                      const real *, const real *, const int *, const real *,
                      const int *, const real *, real *, const int *);
void BLAS_NAME(syrk_)(const char *, const char *, const int *, const int *,
                      const real *, const real *, const int *, const real *,
                      real *, const int *);
void BLAS_NAME(syr2k_)(const char *, const char *, const int *, const int *,
                       const real *, const real *, const int *, const real *,
                       const int *, const real *, real *, const int *);
void BLAS_NAME(trmm_)(const char *, const char *, const char *, const char *,
                      const int *, const int *, const real *, const real *,
                      const int *, real *, const int *);
void BLAS_NAME(trsm_)(const char *, const char *, const char *, const char *,
                      const int *, const int *, const real *, const real *,
                      const int *, real *, const int *);

#ifdef FORTRAN
#define SYMV(lay, lo, n, al, A, lda, x, ix, be, y, iy)                         \
  do {                                                                         \
    char u_ = (lo) ? 'L' : 'u';                                                \
    int n_ = (n), l_ = (lda), ix_ = (ix), iy_ = (iy);                          \
    real al_ = (al), be_ = (be);                                               \
    BLAS_NAME(symv_)(&u_, &n_, &al_, A, &l_, x, &ix_, &be_, y, &iy_);          \
  } while (0)
#define TRV(f, lay, lo, t, un, n, A, lda, x, ix)                               \
  do {                                                                         \
    char u_ = (lo) ? 'l' : 'U', t_ = (t) ? 'T' : 'N', d_ = (un) ? 'u' : 'N';   \
    int n_ = (n), l_ = (lda), ix_ = (ix);                                      \
    BLAS_NAME(f)(&u_, &t_, &d_, &n_, A, &l_, x, &ix_);                         \
  } while (0)
#define TRMV(...) TRV(trmv_, __VA_ARGS__)
#define TRSV(...) TRV(trsv_, __VA_ARGS__)
#define SYMM(lay, le, lo, m, n, al, A, lda, B, ldb, be, C, ldc)                \
  do {                                                                         \
    char s_ = (le) ? 'L' : 'r', u_ = (lo) ? 'L' : 'U';                         \
    int m_ = (m), n_ = (n), la_ = (lda), lb_ = (ldb), lc_ = (ldc);             \
    real al_ = (al), be_ = (be);                                               \
    BLAS_NAME(symm_)                                                           \
    (&s_, &u_, &m_, &n_, &al_, A, &la_, B, &lb_, &be_, C, &lc_);               \
  } while (0)
#define SYRK(lay, lo, t, n, k, al, A, lda, be, C, ldc)                         \
  do {                                                                         \
    char u_ = (lo) ? 'L' : 'U', t_ = (t) ? 't' : 'N';                          \
    int n_ = (n), k_ = (k), la_ = (lda), lc_ = (ldc);                          \
    real al_ = (al), be_ = (be);                                               \
    BLAS_NAME(syrk_)(&u_, &t_, &n_, &k_, &al_, A, &la_, &be_, C, &lc_);        \
  } while (0)
#define SYR2K(lay, lo, t, n, k, al, A, lda, B, ldb, be, C, ldc)                \
  do {                                                                         \
    char u_ = (lo) ? 'L' : 'U', t_ = (t) ? 'T' : 'N';                          \
    int n_ = (n), k_ = (k), la_ = (lda), lb_ = (ldb), lc_ = (ldc);             \
    real al_ = (al), be_ = (be);                                               \
    BLAS_NAME(syr2k_)                                                          \
    (&u_, &t_, &n_, &k_, &al_, A, &la_, B, &lb_, &be_, C, &lc_);               \
  } while (0)
#define TRM(f, lay, le, lo, t, un, m, n, al, A, lda, B, ldb)                   \
  do {                                                                         \
    char s_ = (le) ? 'L' : 'R', u_ = (lo) ? 'L' : 'U', t_ = (t) ? 'T' : 'N',   \
         d_ = (un) ? 'U' : 'N';                                                \
    int m_ = (m), n_ = (n), la_ = (lda), lb_ = (ldb);                          \
    real al_ = (al);                                                           \
    BLAS_NAME(f)(&s_, &u_, &t_, &d_, &m_, &n_, &al_, A, &la_, B, &lb_);        \
  } while (0)
#define TRMM(...) TRM(trmm_, __VA_ARGS__)
#define TRSM(...) TRM(trsm_, __VA_ARGS__)
#else
#define UPLO(lo) ((lo) ? Lower : Upper)
#define TRANS(t) ((t) ? Trans : NoTrans)
#define DIAG(u) ((u) ? Unit : NonUnit)
#define SIDE(l) ((l) ? Left : Right)
#define SYMV(lay, lo, n, al, A, lda, x, ix, be, y, iy)                         \
  CBLAS_NAME(symv)(lay, UPLO(lo), n, al, A, lda, x, ix, be, y, iy)
#define TRMV(lay, lo, t, un, n, A, lda, x, ix)                                 \
  CBLAS_NAME(trmv)(lay, UPLO(lo), TRANS(t), DIAG(un), n, A, lda, x, ix)
#define TRSV(lay, lo, t, un, n, A, lda, x, ix)                                 \
  CBLAS_NAME(trsv)(lay, UPLO(lo), TRANS(t), DIAG(un), n, A, lda, x, ix)
#define SYMM(lay, le, lo, m, n, al, A, lda, B, ldb, be, C, ldc)                \
  CBLAS_NAME(symm)                                                             \
  (lay, SIDE(le), UPLO(lo), m, n, al, A, lda, B, ldb, be, C, ldc)
#define SYRK(lay, lo, t, n, k, al, A, lda, be, C, ldc)                         \
  CBLAS_NAME(syrk)(lay, UPLO(lo), TRANS(t), n, k, al, A, lda, be, C, ldc)
#define SYR2K(lay, lo, t, n, k, al, A, lda, B, ldb, be, C, ldc)                \
  CBLAS_NAME(syr2k)                                                            \
  (lay, UPLO(lo), TRANS(t), n, k, al, A, lda, B, ldb, be, C, ldc)
#define TRMM(lay, le, lo, t, un, m, n, al, A, lda, B, ldb)                     \
  CBLAS_NAME(trmm)                                                             \
  (lay, SIDE(le), UPLO(lo), TRANS(t), DIAG(un), m, n, al, A, lda, B, ldb)
#define TRSM(lay, le, lo, t, un, m, n, al, A, lda, B, ldb)                     \
  CBLAS_NAME(trsm)                                                             \
  (lay, SIDE(le), UPLO(lo), TRANS(t), DIAG(un), m, n, al, A, lda, B, ldb)
#endif

/* Element (i, j) of the symmetric matrix stored in triangle lo of A. */
#define SYM(A, lay, ld, lo, i, j)                                              \
  (((lo) ? (i) >= (j) : (i) <= (j)) ? MAT(A, lay, ld, i, j)                    \
                                    : MAT(A, lay, ld, j, i))
/* Element (i, j) of the triangular matrix in triangle lo of A. */
static real tri_at(const real *A, int lay, int ld, int lo, int un, int i,
                   int j) {
  if (i == j)
    return un ? 1 : MAT(A, lay, ld, i, i);
  return ((lo) ? i > j : i < j) ? MAT(A, lay, ld, i, j) : 0;
}
/* op(A)(i, j) */
#define TOP(A, lay, ld, lo, t, un, i, j)                                       \
  ((t) ? tri_at(A, lay, ld, lo, un, j, i) : tri_at(A, lay, ld, lo, un, i, j))

static void symv_loop(int lay, int lo, int n, real al, const real *A, int lda,
                      const real *x, int ix, real be, real *y, int iy) {
  for (int i = 0; i < n; i++) {
    real s = 0;
    for (int j = 0; j < n; j++)
      s += SYM(A, lay, lda, lo, i, j) * VEC(x, n, ix, j);
    VEC(y, n, iy, i) = al * s + be * VEC(y, n, iy, i);
  }
}
static void trmv_loop(int lay, int lo, int t, int un, int n, const real *A,
                      int lda, real *x, int ix) {
  real y[16];
  for (int i = 0; i < n; i++) {
    y[i] = 0;
    for (int j = 0; j < n; j++)
      y[i] += TOP(A, lay, lda, lo, t, un, i, j) * VEC(x, n, ix, j);
  }
  for (int i = 0; i < n; i++)
    VEC(x, n, ix, i) = y[i];
}
/* Solves op(A) y = b in place on a dense y. */
static void tri_solve(int lay, int lo, int t, int un, int n, const real *A,
                      int lda, real *y) {
  int lower = lo != t; /* op(A) is lower triangular */
  for (int s = 0; s < n; s++) {
    int i = lower ? s : n - 1 - s;
    real v = y[i];
    for (int r = 0; r < s; r++) {
      int j = lower ? r : n - 1 - r;
      v -= TOP(A, lay, lda, lo, t, un, i, j) * y[j];
    }
    y[i] = v / TOP(A, lay, lda, lo, t, un, i, i);
  }
}
static void trsv_loop(int lay, int lo, int t, int un, int n, const real *A,
                      int lda, real *x, int ix) {
  real y[16];
  for (int i = 0; i < n; i++)
    y[i] = VEC(x, n, ix, i);
  tri_solve(lay, lo, t, un, n, A, lda, y);
  for (int i = 0; i < n; i++)
    VEC(x, n, ix, i) = y[i];
}
static void symm_loop(int lay, int le, int lo, int m, int n, real al,
                      const real *A, int lda, const real *B, int ldb, real be,
                      real *C, int ldc) {
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      real s = 0;
      if (le)
        for (int l = 0; l < m; l++)
          s += SYM(A, lay, lda, lo, i, l) * MAT(B, lay, ldb, l, j);
      else
        for (int l = 0; l < n; l++)
          s += MAT(B, lay, ldb, i, l) * SYM(A, lay, lda, lo, l, j);
      MAT(C, lay, ldc, i, j) = al * s + be * MAT(C, lay, ldc, i, j);
    }
}
#define OPA(A, lay, ld, t, i, l)                                               \
  ((t) ? MAT(A, lay, ld, l, i) : MAT(A, lay, ld, i, l))
static void syr2k_loop(int lay, int lo, int t, int n, int k, real al,
                       const real *A, int lda, const real *B, int ldb, real be,
                       real *C, int ldc, int rank2) {
  for (int j = 0; j < n; j++)
    for (int i = lo ? j : 0; i < (lo ? n : j + 1); i++) {
      real s = 0;
      for (int l = 0; l < k; l++)
        s += rank2 ? OPA(A, lay, lda, t, i, l) * OPA(B, lay, ldb, t, j, l) +
                         OPA(B, lay, ldb, t, i, l) * OPA(A, lay, lda, t, j, l)
                   : OPA(A, lay, lda, t, i, l) * OPA(A, lay, lda, t, j, l);
      MAT(C, lay, ldc, i, j) = al * s + be * MAT(C, lay, ldc, i, j);
    }
}
static void syrk_loop(int lay, int lo, int t, int n, int k, real al,
                      const real *A, int lda, real be, real *C, int ldc) {
  syr2k_loop(lay, lo, t, n, k, al, A, lda, A, lda, be, C, ldc, 0);
}
static void syr2k_loop2(int lay, int lo, int t, int n, int k, real al,
                        const real *A, int lda, const real *B, int ldb, real be,
                        real *C, int ldc) {
  syr2k_loop(lay, lo, t, n, k, al, A, lda, B, ldb, be, C, ldc, 1);
}
static void trmm_loop(int lay, int le, int lo, int t, int un, int m, int n,
                      real al, const real *A, int lda, real *B, int ldb) {
  real y[64];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      real s = 0;
      if (le)
        for (int l = 0; l < m; l++)
          s += TOP(A, lay, lda, lo, t, un, i, l) * MAT(B, lay, ldb, l, j);
      else
        for (int l = 0; l < n; l++)
          s += MAT(B, lay, ldb, i, l) * TOP(A, lay, lda, lo, t, un, l, j);
      y[i * n + j] = al * s;
    }
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      MAT(B, lay, ldb, i, j) = y[i * n + j];
}
static void trsm_loop(int lay, int le, int lo, int t, int un, int m, int n,
                      real al, const real *A, int lda, real *B, int ldb) {
  real y[16];
  if (le) /* op(A) X = al B, column by column */
    for (int j = 0; j < n; j++) {
      for (int i = 0; i < m; i++)
        y[i] = al * MAT(B, lay, ldb, i, j);
      tri_solve(lay, lo, t, un, m, A, lda, y);
      for (int i = 0; i < m; i++)
        MAT(B, lay, ldb, i, j) = y[i];
    }
  else /* X op(A) = al B: op(A)^T x_i = al b_i, row by row */
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++)
        y[j] = al * MAT(B, lay, ldb, i, j);
      tri_solve(lay, lo, !t, un, n, A, lda, y);
      for (int j = 0; j < n; j++)
        MAT(B, lay, ldb, i, j) = y[j];
    }
}
