// Symmetric eigenvalues through LAPACKE and Fortran (with the workspace
// query Fortran users write first), double and float, reference LAPACK and
// OpenBLAS: syev with vectors and without, on either triangle, in row and
// column major with padded leading dimensions. The loss is smooth in the
// eigenvalues and, with vectors, in sign-invariant functions of them.
// Gradients against finite differences and, for the trace and the sum of
// squared eigenvalues, against their analytic gradients (I and 2A);
// tangents against the gradients.
// RUN: %clang -O0 -I%S/Inputs %s -o %t0 %lapack_ref && %t0
// RUN: %clang -O1 -I%S/Inputs %s -o %t1 %lapack_openblas && %t1
// RUN: %clang -O2 -I%S/Inputs %s -o %t2 %lapack_ref && %t2
// RUN: %clang -O3 -I%S/Inputs %s -o %t3 %lapack_openblas && %t3
// RUN: %clang -O2 -DFORTRAN -I%S/Inputs %s -o %t4 %lapack_ref && %t4
// RUN: %clang -O1 -DFORTRAN -I%S/Inputs %s -o %t5 %lapack_openblas && %t5
// RUN: %clang -O2 -DSINGLE -I%S/Inputs %s -o %t6 %lapack_openblas && %t6
// RUN: %clang -O0 -DSINGLE -DFORTRAN -I%S/Inputs %s -o %t7 %lapack_ref && %t7
#include "lapack_harness.h"

#define N 4
#define LD 5
enum { A0 = 0, W0 = 40 };

/* cfg: bit 0 row major, bit 1 upper, bit 2 eigenvalues only. */
static int layout(int cfg) {
  return HAS_ROW_MAJOR && (cfg & 1) ? RowMajor : ColMajor;
}
static const char *uplo(int cfg) { return cfg & 2 ? "U" : "L"; }
static const char *jobz(int cfg) { return cfg & 4 ? "N" : "V"; }

/* A symmetric matrix with well separated eigenvalues; the triangle syev
 * does not read holds garbage. */
static void build(const real *p, real *a, int lay, int cfg) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      int lo = i > j ? i : j, hi = i > j ? j : i;
      real v = p[lo * N + hi] * (real)0.3 + (i == j ? (real)(2 * i) : 0);
      int read = cfg & 2 ? i <= j : i >= j;
      MAT(a, lay, LD, i, j) = read ? v : (real)99;
    }
}

static real eig(const real *p, real *w, int cfg) {
  int lay = layout(cfg);
  real *a = w + A0, *lam = w + W0;
  build(p, a, lay, cfg);
  SYEV(lay, jobz(cfg), uplo(cfg), N, a, LD, lam);
  real s = loss_of(lam, N, 1);
  if (!(cfg & 4)) /* (c . q_k)^2: the same for -q_k */
    for (int k = 0; k < N; k++) {
      real c = 0;
      for (int i = 0; i < N; i++)
        c += (real)(1 + i) * (real)0.2 * MAT(a, lay, LD, i, k);
      s += c * c * (real)(1 + k);
    }
  return s;
}

/* sum of eigenvalues (the trace) and of their squares (|A|_F^2). */
static real trace(const real *p, real *w, int cfg) {
  int lay = layout(cfg);
  build(p, w + A0, lay, cfg);
  SYEV(lay, jobz(cfg), uplo(cfg), N, w + A0, LD, w + W0);
  real s = 0;
  for (int k = 0; k < N; k++)
    s += w[W0 + k] + w[W0 + k] * w[W0 + k];
  return s;
}

/* d/dp of trace + |A|_F^2, from A's entries (build: a_ij = 0.3 p + ...). */
static void trace_gradient(const real *p, real *g) {
  for (int i = 0; i < NP; i++)
    g[i] = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j <= i; j++) {
      real a = p[i * N + j] * (real)0.3 + (i == j ? (real)(2 * i) : 0);
      g[i * N + j] = (real)0.3 * ((i == j ? 1 : 0) + (i == j ? 2 : 4) * a);
    }
}

/* A constant matrix, eigenvalues in memory with a shadow: the adjoints of
 * the overwritten eigenvalues are reset, their tangents are zero. */
static real const_eigs(real *a, real *lam) {
  SYEV(ColMajor, "N", "L", N, a, N, lam);
  return lam[0] + lam[N - 1];
}

static void check_constant_matrix(void) {
  real a[N * N], lam[N], dlam[N] = {5, 5, 5, 5}, tl[N] = {5, 5, 5, 5};
  for (int i = 0; i < N * N; i++)
    a[i] = (real)(i % (N + 1) == 0 ? 1 + i : 0.1);
  __ad_autodiff((void *)const_eigs, ad_const, a, ad_dup, lam, dlam);
  for (int i = 0; i < N * N; i++)
    a[i] = (real)(i % (N + 1) == 0 ? 1 + i : 0.1);
  double t = __ad_fwddiff((void *)const_eigs, ad_const, a, ad_dup, lam, tl);
  int bad = t != 0;
  for (int i = 0; i < N; i++)
    bad += dlam[i] != 0 || tl[i] != 0;
  adcheck_record("syev of a constant matrix", !bad, "");
}

int main(void) {
  check_constant_matrix();
  for (int cfg = 0; cfg < 8; cfg++) {
    if (!HAS_ROW_MAJOR && (cfg & 1))
      continue;
    CHECK_CASE("syev", eig, cfg);
    real p[NP], g[NP] = {0}, w[NP] = {0}, dw[NP] = {0}, want[NP];
    fill(p, cfg);
    __ad_autodiff((void *)trace, ad_dup, p, g, ad_dup, w, dw, cfg);
    trace_gradient(p, want);
    int bad = 0;
    for (int i = 0; i < NP; i++)
      bad += !close_to(g[i], want[i], TOL * 100);
    char what[64];
    snprintf(what, sizeof what, "syev trace + |A|^2 cfg %d (analytic)", cfg);
    adcheck_record(what, !bad, "");
  }
  return ad_check_report();
}
