// Sparsity detection (AD_DEFINE_JACOBIAN_PATTERN, AD_DEFINE_HESSIAN_PATTERN):
// the pattern found by the NaN dependency sweep against the known one, and
// fed to the coloring and the sparse helpers, against the dense matrices.
//   - Bratu (tridiagonal, n = 1000): exactly the band, 3 colors;
//   - a 5-point stencil (20 x 20 grid), with heap temporaries and a loop
//     that keeps a tape: exactly the stencil;
//   - structural zeros that are numerical zeros at x (x0 * x1 at x1 = 0,
//     x^2 at 0) are entries; an output f never writes has none; a branch
//     counts as taken at x;
//   - Rosenbrock's Hessian (tridiagonal) and an arrowhead Hessian;
//   - counting only (colidx NULL, or maxnnz too small) writes no column;
//   - every nonzero of a dense Jacobian of a random-looking function lies
//     in its detected pattern.
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

enum { NB = 1000, G = 20, NS = G * G, NR = 50, NA = 12, NM = 9 };

static void bratu(const double *x, double *y) {
  double h2 = 1.0 / ((NB + 1.0) * (NB + 1.0));
  for (int i = 0; i < NB; ++i) {
    double l = i ? x[i - 1] : 0, r = i + 1 < NB ? x[i + 1] : 0;
    y[i] = l - 2 * x[i] + r + h2 * exp(x[i]);
  }
}
AD_DEFINE_JACOBIAN_PATTERN(bratu_pattern, bratu)
AD_DEFINE_SPARSE_JACOBIAN(bratu_sparse, bratu)
AD_DEFINE_JACOBIAN(bratu_dense, bratu)

// The stencil through a heap copy, smoothed in place first (a recurrence:
// the loop keeps a tape).
static double at(const double *u, int i, int j) {
  return i < 0 || j < 0 || i >= G || j >= G ? 0 : u[i * G + j];
}
static void stencil(const double *u0, double *y) {
  double *u = malloc(NS * sizeof(double));
  for (int k = 0; k < NS; ++k)
    u[k] = u0[k] * u0[k];
  for (int k = 0; k < NS; ++k)
    u[k] = sqrt(u[k] + 1) * cos(u0[k]);
  for (int i = 0; i < G; ++i)
    for (int j = 0; j < G; ++j)
      y[i * G + j] = 4 * at(u, i, j) - at(u, i - 1, j) - at(u, i + 1, j) -
                     at(u, i, j - 1) - at(u, i, j + 1) +
                     sin(at(u, i, j)) * at(u, i + 1, j);
  free(u);
}
AD_DEFINE_JACOBIAN_PATTERN(stencil_pattern, stencil)
AD_DEFINE_SPARSE_JACOBIAN(stencil_sparse, stencil)
AD_DEFINE_JACOBIAN(stencil_dense, stencil)

// Entries whose value is zero at x are still entries; y[3] is never
// written; the branch takes x[5] only where x[4] > 0.
static void zeros(const double *x, double *y) {
  y[0] = x[0] * x[1];        // at x1 = 0: d/dx0 = 0, an entry all the same
  y[1] = x[2] * x[2] + 1;    // at x2 = 0: d/dx2 = 0, an entry
  y[2] = floor(x[3]) + x[1]; // floor: no derivative, no entry
  y[4] = x[4] > 0 ? x[4] * x[5] : x[6];
  y[5] = x[4] < 0 ? x[4] * x[5] : x[7];
  y[6] = x[8] - x[8] + x[0]; // (x - x is not 0 for IEEE: x8 an entry)
  y[7] = 0;
  y[8] = x[7];
}
AD_DEFINE_JACOBIAN_PATTERN(zeros_pattern, zeros)

static double rosen(const double *x, int n) {
  double s = 0;
  for (int i = 0; i + 1 < n; ++i) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}
AD_DEFINE_HESSIAN(rosen_d2, rosen)
AD_DEFINE_HESSIAN_PATTERN(rosen_d2)
AD_DEFINE_SPARSE_HESSIAN(rosen_d2)

// sum_i (x0 x_i)^2 + sum_i x_i^3: row and column 0 full, the diagonal.
static double arrow(const double *x, int n) {
  double s = 0;
  for (int i = 1; i < n; ++i)
    s += x[0] * x[0] * x[i] * x[i] + x[i] * x[i] * x[i];
  return s;
}
AD_DEFINE_HESSIAN(arrow_d2, arrow)
AD_DEFINE_HESSIAN_PATTERN(arrow_d2)

// Mixed dependencies: y_r depends on x_{(7r) % NA} and x_{(3r + 1) % NA}.
static void mixed(const double *x, double *y) {
  for (int r = 0; r < NA; ++r)
    y[r] = tanh(x[(7 * r) % NA]) * exp(0.1 * x[(3 * r + 1) % NA]);
}
AD_DEFINE_JACOBIAN_PATTERN(mixed_pattern, mixed)
AD_DEFINE_JACOBIAN(mixed_dense, mixed)

// The pattern equals a band of half-width b.
static int is_band(int n, int b, const int *rowptr, const int *colidx) {
  int k = 0;
  for (int r = 0; r < n; ++r) {
    if (rowptr[r] != k)
      return 0;
    for (int c = r - b; c <= r + b; ++c)
      if (c >= 0 && c < n && colidx[k++] != c)
        return 0;
  }
  return rowptr[n] == k;
}

// Entry (r, c) is in the pattern.
static int has(const int *rowptr, const int *colidx, int r, int c) {
  for (int k = rowptr[r]; k < rowptr[r + 1]; ++k)
    if (colidx[k] == c)
      return 1;
  return 0;
}

static int same(int m, int n, const int *rowptr, const int *colidx,
                const double *values, const double *dense) {
  int ok = 1;
  for (int r = 0; r < m; ++r)
    for (int k = rowptr[r]; k < rowptr[r + 1]; ++k)
      ok &= values[k] == dense[(size_t)r * n + colidx[k]];
  return ok;
}

int main(void) {
  // Bratu: the band, 3 colors, sparse = dense.
  static int rowptr[NB + 1], colidx[3 * NB], color[NB],
      iwork[2 * NB + 1 + 3 * NB];
  static double x[NB], y[NB], values[3 * NB], dense[NB * NB];
  static double work[AD_JACOBIAN_WORK(NB, NB)];
  for (int i = 0; i < NB; ++i)
    x[i] = 0.1 * sin(0.01 * i);
  int nnz = bratu_pattern(x, NB, y, NB, rowptr, colidx, 3 * NB, work);
  ad_check_exact("bratu: nnz", nnz, 3 * NB - 2);
  ad_check_exact("bratu: the band", is_band(NB, 1, rowptr, colidx), 1);
  ad_check_eq("bratu: y = f(x)", y[7],
              x[6] - 2 * x[7] + x[8] + exp(x[7]) / ((NB + 1.0) * (NB + 1.0)));
  int ncolors = ad_color_columns(NB, NB, rowptr, colidx, color, iwork);
  ad_check_exact("bratu: 3 colors", ncolors, 3);
  bratu_sparse(x, NB, y, NB, rowptr, colidx, color, ncolors, values, NULL);
  bratu_dense(x, NB, y, NB, dense, NULL);
  ad_check_exact("bratu: sparse = dense",
                 same(NB, NB, rowptr, colidx, values, dense), 1);

  // Counting only: colidx NULL, then too small; no column is written.
  memset(colidx, 0xff, sizeof colidx);
  ad_check_exact("count: colidx NULL",
                 bratu_pattern(x, NB, y, NB, rowptr, NULL, 0, NULL),
                 3 * NB - 2);
  ad_check_exact("count: too small",
                 bratu_pattern(x, NB, y, NB, rowptr, colidx, 3 * NB - 3, NULL),
                 3 * NB - 2);
  ad_check_exact("count: rowptr set", rowptr[2], 5);
  ad_check_exact("count: colidx untouched", colidx[0], -1);

  // The stencil: exactly the 5 neighbors.
  static int srow[NS + 1], scol[5 * NS], scolor[NS], swork[2 * NS + 1 + 5 * NS];
  static double u[NS], v[NS], svalues[5 * NS], sdense[NS * NS];
  for (int i = 0; i < NS; ++i)
    u[i] = cos(0.37 * i);
  int snnz = stencil_pattern(u, NS, v, NS, srow, scol, 5 * NS, NULL);
  ad_check_exact("stencil: nnz", snnz, 5 * NS - 4 * G);
  int sok = 1;
  for (int i = 0; i < G; ++i)
    for (int j = 0; j < G; ++j) {
      int r = i * G + j,
          want = 1 + (i > 0) + (i + 1 < G) + (j > 0) + (j + 1 < G);
      sok &= srow[r + 1] - srow[r] == want && has(srow, scol, r, r) &&
             (i == 0 || has(srow, scol, r, r - G)) &&
             (i + 1 == G || has(srow, scol, r, r + G)) &&
             (j == 0 || has(srow, scol, r, r - 1)) &&
             (j + 1 == G || has(srow, scol, r, r + 1));
      for (int k = srow[r]; k + 1 < srow[r + 1]; ++k)
        sok &= scol[k] < scol[k + 1];
    }
  ad_check_exact("stencil: the 5 neighbors, ascending", sok, 1);
  int sc = ad_color_columns(NS, NS, srow, scol, scolor, swork);
  stencil_sparse(u, NS, v, NS, srow, scol, scolor, sc, svalues, NULL);
  stencil_dense(u, NS, v, NS, sdense, NULL);
  ad_check_exact("stencil: sparse = dense",
                 same(NS, NS, srow, scol, svalues, sdense), 1);

  // Zeros at x, an unwritten output, a branch.
  int zrow[NM + 1], zcol[NM * NM];
  double z[NM] = {1.5, 0, 0, 2.5, 0.5, -1, 2, 3, 0.25}, zy[NM];
  zeros_pattern(z, NM, zy, NM, zrow, zcol, NM * NM, NULL);
  ad_check_exact("x0 * x1 at x1 = 0: (0, 0)", has(zrow, zcol, 0, 0), 1);
  ad_check_exact("x0 * x1: (0, 1)", has(zrow, zcol, 0, 1), 1);
  ad_check_exact("x2^2 at 0: (1, 2)", has(zrow, zcol, 1, 2), 1);
  ad_check_exact("floor: row 2 only x1",
                 zrow[3] - zrow[2] == 1 && has(zrow, zcol, 2, 1), 1);
  ad_check_exact("unwritten row 3: empty", zrow[4] - zrow[3], 0);
  ad_check_exact("branch taken: (4, 4), (4, 5)",
                 zrow[5] - zrow[4] == 2 && has(zrow, zcol, 4, 4) &&
                     has(zrow, zcol, 4, 5),
                 1);
  ad_check_exact("branch not taken: row 5 only x7",
                 zrow[6] - zrow[5] == 1 && has(zrow, zcol, 5, 7), 1);
  ad_check_exact("x8 - x8 + x0: (6, 0)", has(zrow, zcol, 6, 0), 1);
  ad_check_exact("constant row 7: empty", zrow[8] - zrow[7], 0);
  ad_check_exact("row 8: x7", zrow[9] - zrow[8] == 1 && has(zrow, zcol, 8, 7),
                 1);
  z[4] = -0.5; // the other branch
  zeros_pattern(z, NM, zy, NM, zrow, zcol, NM * NM, NULL);
  ad_check_exact("other branch: row 4 only x6",
                 zrow[5] - zrow[4] == 1 && has(zrow, zcol, 4, 6), 1);
  ad_check_exact("other branch: row 5 x4, x5",
                 zrow[6] - zrow[5] == 2 && has(zrow, zcol, 5, 4) &&
                     has(zrow, zcol, 5, 5),
                 1);

  // Rosenbrock's Hessian: tridiagonal; then colored, sparse = dense.
  static int hrow[NR + 1], hcol[NR * NR], hcolor[NR],
      hwork[2 * NR + 1 + 3 * NR];
  static double xr[NR], hvalues[3 * NR], hdense[NR * NR];
  static double hw[AD_HESSIAN_WORK(NR)];
  for (int i = 0; i < NR; ++i)
    xr[i] = 0.9 + 0.2 * sin(i);
  int hnnz = rosen_d2_hessian_pattern(xr, NR, hrow, hcol, NR * NR, hw);
  ad_check_exact("rosenbrock: nnz", hnnz, 3 * NR - 2);
  ad_check_exact("rosenbrock: tridiagonal", is_band(NR, 1, hrow, hcol), 1);
  int hc = ad_color_columns(NR, NR, hrow, hcol, hcolor, hwork);
  rosen_d2_sparse_hessian(xr, NR, hrow, hcol, hcolor, hc, hvalues, NULL);
  rosen_d2_hessian(xr, hdense, NR, NULL);
  ad_check_exact("rosenbrock: sparse = dense",
                 same(NR, NR, hrow, hcol, hvalues, hdense), 1);

  // Arrowhead: row 0 full, then (i, 0) and (i, i).
  int arow[NA + 1], acol[NA * NA];
  double xa[NA];
  for (int i = 0; i < NA; ++i)
    xa[i] = 0.5 + 0.1 * i;
  int annz = arrow_d2_hessian_pattern(xa, NA, arow, acol, NA * NA, NULL);
  ad_check_exact("arrowhead: nnz", annz, NA + 2 * (NA - 1));
  int aok = arow[1] == NA;
  for (int i = 1; i < NA; ++i)
    aok &= arow[i + 1] - arow[i] == 2 && has(arow, acol, i, 0) &&
           has(arow, acol, i, i);
  ad_check_exact("arrowhead: the pattern", aok, 1);

  // Every nonzero of the dense Jacobian is in the pattern, and the pattern
  // has exactly the two dependencies of each row.
  int mrow[NA + 1], mcol[NA * NA];
  double xm[NA], ym[NA], jm[NA * NA];
  for (int i = 0; i < NA; ++i)
    xm[i] = 0.3 * cos(1.7 * i);
  mixed_pattern(xm, NA, ym, NA, mrow, mcol, NA * NA, NULL);
  mixed_dense(xm, NA, ym, NA, jm, NULL);
  int mok = 1;
  for (int r = 0; r < NA; ++r) {
    int a = (7 * r) % NA, b = (3 * r + 1) % NA;
    mok &= mrow[r + 1] - mrow[r] == (a == b ? 1 : 2) && has(mrow, mcol, r, a) &&
           has(mrow, mcol, r, b);
    for (int c = 0; c < NA; ++c)
      mok &= jm[r * NA + c] == 0 || has(mrow, mcol, r, c);
  }
  ad_check_exact("mixed: the pattern covers the dense Jacobian", mok, 1);
  return ad_check_report();
}
