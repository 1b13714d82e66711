// Hessian-vector products of a function calling BLAS (gemv, ger, gemm,
// symv, trmv, trsv, dot, nrm2, asum, axpy, scal) with active matrices,
// vectors and scalars: forward over reverse (scalar and two directions),
// reverse over forward. The inner gradient's BLAS rules call ADPass's array
// helpers (__ad_blas_*), which the outer derivative differentiates like any
// function (they were refused: "call to '__ad_blas_dscale' ... has no
// derivative"). Against the same function written with loops (its nested
// derivatives are checked elsewhere) and finite differences of the
// gradient. Also the vector modes of the function itself (3 tangents, 2
// gradients): the BLAS calls and helpers of the rules run once per
// direction, each on its own packed copies (they were refused).
// RUN: %clang -O0 %s -o %t0 %openblas && %t0
// RUN: %clang -O1 %s -o %t1 %blas_ref && %t1
// RUN: %clang -O2 %s -o %t2 %openblas && %t2
// RUN: %clang -O3 %s -o %t3 %blas_ref && %t3
// RUN: %valgrind %t1
#include <ad.h>
#include <cblas.h>
#include <math.h>
#include <stdio.h>

// p = A (3x3, row-major), x (3), alpha, beta.
enum { N = 3, NP = N * N + N + 2 };

static double f_blas(const double *p) {
  const double *A = p, *x = p + 9;
  double al = p[12], be = p[13];
  double y[N] = {0.5, -1, 2}, z[N], B[N * N], C[N * N], M[N * N];
  // y = al A x + be y
  cblas_dgemv(CblasRowMajor, CblasNoTrans, N, N, al, A, N, x, 1, be, y, 1);
  // z = A^T y
  cblas_dgemv(CblasRowMajor, CblasTrans, N, N, 1.0, A, N, y, 1, 0.0, z, 1);
  // B = A + x y^T
  for (int i = 0; i < N * N; i++)
    B[i] = A[i];
  cblas_dger(CblasRowMajor, N, N, 1.0, x, 1, y, 1, B, N);
  // C = B A^T, M = sym(C) z
  cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, N, N, N, 1.0, B, N, A, N,
              0.0, C, N);
  cblas_dsymv(CblasRowMajor, CblasUpper, N, 0.5, C, N, z, 1, 0.0, M, 1);
  // z = triu(B) z, then solve tril(B + 4 I) w = z in place
  cblas_dtrmv(CblasRowMajor, CblasUpper, CblasNoTrans, CblasNonUnit, N, B, N, z,
              1);
  for (int i = 0; i < N; i++)
    B[i * N + i] += 4;
  cblas_dtrsv(CblasRowMajor, CblasLower, CblasNoTrans, CblasNonUnit, N, B, N, z,
              1);
  cblas_daxpy(N, be, M, 1, z, 1);
  cblas_dscal(N, al, z, 1);
  return cblas_ddot(N, z, 1, y, 1) + cblas_dnrm2(N, M, 1) +
         0.1 * cblas_dasum(N, z, 1);
}

static double f_loops(const double *p) {
  const double *A = p, *x = p + 9;
  double al = p[12], be = p[13];
  double y[N] = {0.5, -1, 2}, z[N], B[N * N], C[N * N], M[N * N];
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++)
      s += A[i * N + j] * x[j];
    y[i] = al * s + be * y[i];
  }
  for (int j = 0; j < N; j++) {
    double s = 0;
    for (int i = 0; i < N; i++)
      s += A[i * N + j] * y[i];
    z[j] = s;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      B[i * N + j] = A[i * N + j] + x[i] * y[j];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int k = 0; k < N; k++)
        s += B[i * N + k] * A[j * N + k];
      C[i * N + j] = s;
    }
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = 0; j < N; j++)
      s += (j >= i ? C[i * N + j] : C[j * N + i]) * z[j];
    M[i] = 0.5 * s;
  }
  double t[N];
  for (int i = 0; i < N; i++) {
    double s = 0;
    for (int j = i; j < N; j++)
      s += B[i * N + j] * z[j];
    t[i] = s;
  }
  for (int i = 0; i < N; i++) {
    double s = t[i];
    for (int j = 0; j < i; j++)
      s -= (B[i * N + j]) * z[j];
    z[i] = s / (B[i * N + i] + 4);
  }
  double r = 0, m2 = 0, a = 0;
  for (int i = 0; i < N; i++) {
    z[i] = al * (z[i] + be * M[i]);
    r += z[i] * y[i];
    m2 += M[i] * M[i];
    a += fabs(z[i]);
  }
  return r + sqrt(m2) + 0.1 * a;
}

static void grad_blas(const double *p, double *g) {
  for (int i = 0; i < NP; i++)
    g[i] = 0;
  __ad_autodiff((void *)f_blas, ad_dup, p, g);
}
static void grad_loops(const double *p, double *g) {
  for (int i = 0; i < NP; i++)
    g[i] = 0;
  __ad_autodiff((void *)f_loops, ad_dup, p, g);
}
static double dir_blas(const double *p, const double *v) {
  return __ad_fwddiff((void *)f_blas, ad_dup, p, v);
}

static int compare(const char *what, const double *got, const double *want,
                   const double *fd) {
  int bad = 0;
  for (int i = 0; i < NP; i++)
    if (fabs(got[i] - want[i]) > 1e-10 * (1 + fabs(want[i])) ||
        fabs(fd[i] - want[i]) > 1e-5 * (1 + fabs(want[i]))) {
      printf("%s[%d]: %.12g, want %.12g (fd %.12g)\n", what, i, got[i], want[i],
             fd[i]);
      bad = 1;
    }
  return bad;
}

int main(void) {
  double p[NP], v[NP], e[NP] = {0}, g[NP], hv[NP], he[NP], ref[NP], ref_e[NP];
  double gl[NP], fd[NP], fd_e[NP], rof[NP] = {0};
  for (int i = 0; i < NP; i++) {
    p[i] = 0.3 + 0.17 * i - 0.05 * (i % 4) * i;
    v[i] = 1.0 - 0.13 * i;
  }
  e[10] = 1;
  int bad = 0;
  // The function itself, and its plain gradient.
  double fb = f_blas(p), fl = f_loops(p);
  if (fabs(fb - fl) > 1e-12 * fabs(fl)) {
    printf("f: %.15g vs %.15g\n", fb, fl);
    bad = 1;
  }
  // References: H v of the loops (forward over reverse), and finite
  // differences of the BLAS gradient.
  __ad_fwddiff((void *)grad_loops, ad_dup, p, v, ad_dup, gl, ref);
  __ad_fwddiff((void *)grad_loops, ad_dup, p, e, ad_dup, gl, ref_e);
  double h = 1e-6, pp[NP], pm[NP], gp[NP], gm[NP];
  for (int k = 0; k < 2; k++) {
    const double *d = k ? e : v;
    for (int i = 0; i < NP; i++) {
      pp[i] = p[i] + h * d[i];
      pm[i] = p[i] - h * d[i];
    }
    grad_blas(pp, gp);
    grad_blas(pm, gm);
    for (int i = 0; i < NP; i++)
      (k ? fd_e : fd)[i] = (gp[i] - gm[i]) / (2 * h);
  }
  __ad_fwddiff((void *)grad_blas, ad_dup, p, v, ad_dup, g, hv);
  bad |= compare("fwd-over-rev", hv, ref, fd);
  __ad_fwddiff((void *)grad_blas, ad_width, 2, ad_dup, p, v, e, ad_dup, g, hv,
               he);
  bad |= compare("fwd-over-rev lane 0", hv, ref, fd);
  bad |= compare("fwd-over-rev lane 1", he, ref_e, fd_e);
  __ad_autodiff((void *)dir_blas, ad_dup, p, rof, ad_const, v);
  bad |= compare("rev-over-fwd", rof, ref, fd);

  // Vector forward: three directional derivatives, each grad . direction.
  typedef struct {
    double t[3];
  } three;
  extern three __ad_fwddiff_3(void *, ...);
  double w[NP];
  for (int i = 0; i < NP; i++)
    w[i] = (i % 3) - 0.5;
  three t = __ad_fwddiff_3((void *)f_blas, ad_width, 3, ad_dup, p, v, e, w);
  double want[3] = {0, 0, 0};
  for (int i = 0; i < NP; i++) {
    want[0] += gl[i] * v[i];
    want[1] += gl[i] * e[i];
    want[2] += gl[i] * w[i];
  }
  for (int k = 0; k < 3; k++)
    if (fabs(t.t[k] - want[k]) > 1e-10 * (1 + fabs(want[k]))) {
      printf("vector forward lane %d: %.12g, want %.12g\n", k, t.t[k], want[k]);
      bad = 1;
    }
  // Vector reverse: each of two lanes gets the gradient (the result is
  // seeded with 1 in every direction).
  double g0[NP] = {0}, g1[NP] = {0};
  __ad_autodiff((void *)f_blas, ad_width, 2, ad_dup, p, g0, g1);
  bad |= compare("vector reverse lane 0", g0, gl, gl);
  bad |= compare("vector reverse lane 1", g1, gl, gl);
  if (!bad)
    printf("ok\n");
  return bad;
}
