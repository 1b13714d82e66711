// Sparse Jacobians and Hessians by column coloring (ad_color_columns,
// AD_DEFINE_SPARSE_JACOBIAN, AD_DEFINE_SPARSE_HESSIAN): a tridiagonal
// Jacobian (Bratu, n = 1000: 3 colors, one vector call) and a 5-point
// stencil Jacobian (20 x 20 grid) equal the dense Jacobians entry by entry;
// the tridiagonal Hessian of Rosenbrock (n = 50) equals the dense Hessian
// and its analytic entries.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad_higher.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { NB = 1000, G = 20, NS = G * G, NR = 50 };

static void bratu(const double *x, double *y) {
  double h2 = 1.0 / ((NB + 1.0) * (NB + 1.0));
  for (int i = 0; i < NB; ++i) {
    double l = i ? x[i - 1] : 0, r = i + 1 < NB ? x[i + 1] : 0;
    y[i] = l - 2 * x[i] + r + h2 * exp(x[i]);
  }
}
AD_DEFINE_SPARSE_JACOBIAN(bratu_sparse, bratu)
AD_DEFINE_JACOBIAN(bratu_dense, bratu)

static double at(const double *u, int i, int j) {
  return i < 0 || j < 0 || i >= G || j >= G ? 0 : u[i * G + j];
}
static void stencil(const double *u, double *y) {
  for (int i = 0; i < G; ++i)
    for (int j = 0; j < G; ++j)
      y[i * G + j] = 4 * at(u, i, j) - at(u, i - 1, j) - at(u, i + 1, j) -
                     at(u, i, j - 1) - at(u, i, j + 1) +
                     sin(at(u, i, j)) * at(u, i + 1, j);
}
AD_DEFINE_SPARSE_JACOBIAN(stencil_sparse, stencil)
AD_DEFINE_JACOBIAN(stencil_dense, stencil)

static double rosen(const double *x, int n) {
  double s = 0;
  for (int i = 0; i + 1 < n; ++i) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}
AD_DEFINE_HESSIAN(rosen_d2, rosen)
AD_DEFINE_SPARSE_HESSIAN(rosen_d2)

// Sparse entries against a dense row-major matrix, exactly.
static int same(int m, int n, const int *rowptr, const int *colidx,
                const double *values, const double *dense) {
  int ok = 1;
  for (int r = 0; r < m; ++r)
    for (int k = rowptr[r]; k < rowptr[r + 1]; ++k)
      ok &= values[k] == dense[(size_t)r * n + colidx[k]];
  return ok;
}

// CSR pattern of a band of half-width b in an n x n matrix.
static int band(int n, int b, int *rowptr, int *colidx) {
  int k = 0;
  for (int r = 0; r < n; ++r) {
    rowptr[r] = k;
    for (int c = r - b; c <= r + b; ++c)
      if (c >= 0 && c < n)
        colidx[k++] = c;
  }
  return rowptr[n] = k;
}

int main(void) {
  static int rowptr[NB + 1], colidx[3 * NB], color[NB],
      iwork[2 * NB + 1 + 3 * NB];
  static double x[NB], y[NB], values[3 * NB], dense[NB * NB];
  for (int i = 0; i < NB; ++i)
    x[i] = 0.1 * sin(0.01 * i);
  band(NB, 1, rowptr, colidx);
  int ncolors = ad_color_columns(NB, NB, rowptr, colidx, color, iwork);
  ad_check_exact("tridiagonal: 3 colors", ncolors, 3);
  bratu_sparse(x, NB, y, NB, rowptr, colidx, color, ncolors, values, NULL);
  bratu_dense(x, NB, y, NB, dense, NULL);
  ad_check_exact("tridiagonal sparse = dense",
                 same(NB, NB, rowptr, colidx, values, dense), 1);
  ad_check_eq("tridiagonal diagonal", values[rowptr[5] + 1],
              -2 + exp(x[5]) / ((NB + 1.0) * (NB + 1.0)));

  // 5-point stencil: each row's neighbors in the grid.
  static int srow[NS + 1], scol[5 * NS], scolor[NS], swork[2 * NS + 1 + 5 * NS];
  static double u[NS], v[NS], svalues[5 * NS], sdense[NS * NS];
  int k = 0;
  for (int i = 0; i < G; ++i)
    for (int j = 0; j < G; ++j) {
      srow[i * G + j] = k;
      int di[5] = {-1, 0, 0, 0, 1}, dj[5] = {0, -1, 0, 1, 0};
      for (int t = 0; t < 5; ++t)
        if (i + di[t] >= 0 && i + di[t] < G && j + dj[t] >= 0 && j + dj[t] < G)
          scol[k++] = (i + di[t]) * G + j + dj[t];
    }
  srow[NS] = k;
  for (int i = 0; i < NS; ++i)
    u[i] = cos(0.37 * i);
  int sc = ad_color_columns(NS, NS, srow, scol, scolor, swork);
  ad_check_exact("stencil: few colors", sc <= 8, 1);
  stencil_sparse(u, NS, v, NS, srow, scol, scolor, sc, svalues, NULL);
  stencil_dense(u, NS, v, NS, sdense, NULL);
  ad_check_exact("stencil sparse = dense",
                 same(NS, NS, srow, scol, svalues, sdense), 1);

  // Rosenbrock's Hessian is tridiagonal.
  static int hrow[NR + 1], hcol[3 * NR], hcolor[NR], hwork[2 * NR + 1 + 3 * NR];
  static double xr[NR], hvalues[3 * NR], hdense[NR * NR];
  for (int i = 0; i < NR; ++i)
    xr[i] = 0.9 + 0.2 * sin(i);
  band(NR, 1, hrow, hcol);
  int hc = ad_color_columns(NR, NR, hrow, hcol, hcolor, hwork);
  rosen_d2_sparse_hessian(xr, NR, hrow, hcol, hcolor, hc, hvalues, NULL);
  rosen_d2_hessian(xr, hdense, NR, NULL);
  ad_check_exact("Hessian sparse = dense",
                 same(NR, NR, hrow, hcol, hvalues, hdense), 1);
  ad_check_eq("Hessian (3,3)", hvalues[hrow[3] + 1],
              1200 * xr[3] * xr[3] - 400 * xr[4] + 2 + 200);
  ad_check_eq("Hessian (3,4)", hvalues[hrow[3] + 2], -400 * xr[3]);
  return ad_check_report();
}
