// Sparse Jacobians and Hessians in the C++ API (ad.hpp): patterns detected
// at x (ad::jacobian_pattern, ad::hessian_pattern), colored
// (ad::color_columns), then ad::sparse_jacobian / ad::sparse_hessian, all
// against the dense ad::jacobian / ad::hessian entry by entry. Integer
// constants take the vector path (8 directions per call), a double constant
// too (through a tuple), a pointer constant one call per direction; all
// must give the same matrices.
// RUN: %clangxx -std=c++17 -O0 %s -o %t0 && %t0
// RUN: %clangxx -std=c++17 -O1 %s -o %t1 && %t1
// RUN: %clangxx -std=c++17 -O2 %s -o %t2 && %t2
// RUN: %valgrind %t2
// RUN: %clangxx -std=c++17 -O3 %s -o %t3 && %t3
#include "adcheck.hpp"
#include <ad.hpp>
#include <cmath>
#include <vector>

// A tridiagonal residual through a std::vector temporary; y[n - 1] is left
// as the caller set it when `last` is 0 (its row is empty).
static void residual(const double *x, double *y, int n, int last) {
  std::vector<double> e(n);
  for (int i = 0; i < n; ++i)
    e[i] = std::exp(0.1 * x[i]);
  for (int i = 0; i + 1 < n; ++i)
    y[i] = (i ? x[i - 1] : 0) - 2 * x[i] + x[i + 1] + 0.01 * e[i];
  if (last)
    y[n - 1] = x[n - 2] - 2 * x[n - 1] + 0.01 * e[n - 1];
}

// The same with the coupling as a double constant (packed in a tuple).
static void residual_k(const double *x, double *y, int n, double k) {
  for (int i = 0; i < n; ++i)
    y[i] = (i ? x[i - 1] : 0) - 2 * x[i] + (i + 1 < n ? x[i + 1] : 0) +
           k * std::sin(x[i]);
}
// And through a pointer (one call per direction).
static void residual_p(const double *x, double *y, int n, const double *k) {
  residual_k(x, y, n, *k);
}

static double rosen(const double *x, int n) {
  double s = 0;
  for (int i = 0; i + 1 < n; ++i) {
    double a = x[i + 1] - x[i] * x[i], b = 1 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}
static double rosen_a(const double *x, int n, double a0) {
  double s = 0;
  for (int i = 0; i + 1 < n; ++i) {
    double a = x[i + 1] - x[i] * x[i], b = a0 - x[i];
    s += 100 * a * a + b * b;
  }
  return s;
}

static bool band(int n, int b, const std::vector<int> &rowptr,
                 const std::vector<int> &colidx, int rows) {
  int k = 0;
  for (int r = 0; r < rows; ++r) {
    if (rowptr[r] != k)
      return false;
    for (int c = r - b; c <= r + b; ++c)
      if (c >= 0 && c < n && colidx[k++] != c)
        return false;
  }
  return rowptr[rows] == k;
}

static bool same(int m, int n, const std::vector<int> &rowptr,
                 const std::vector<int> &colidx, const std::vector<double> &v,
                 const std::vector<double> &dense) {
  for (int r = 0; r < m; ++r)
    for (int k = rowptr[r]; k < rowptr[r + 1]; ++k)
      if (v[k] != dense[std::size_t(r) * n + colidx[k]])
        return false;
  return true;
}

int main() {
  const int n = 37; // not a multiple of the lanes
  std::vector<double> x(n), y(n, 0.0), dense(n * n),
      work(ad::jacobian_work(n, n));
  for (int i = 0; i < n; ++i)
    x[i] = 0.3 * std::cos(0.7 * i);

  // Jacobian, integer constants: the vector path.
  std::vector<int> rowptr(n + 1), colidx(3 * n), color(n),
      iwork(ad::coloring_work(n, 3 * n));
  int nnz =
      ad::jacobian_pattern<residual>(x.data(), n, y.data(), n, rowptr.data(),
                                     colidx.data(), 3 * n, work.data(), n, 1);
  ad_check_exact("pattern: nnz", nnz, 3 * n - 2);
  ad_check_exact("pattern: tridiagonal", band(n, 1, rowptr, colidx, n), 1);
  int ncolors = ad::color_columns(n, n, rowptr.data(), colidx.data(),
                                  color.data(), iwork.data());
  ad_check_exact("3 colors", ncolors, 3);
  std::vector<double> values(nnz);
  ad::sparse_jacobian<residual>(x.data(), n, y.data(), n, rowptr.data(),
                                colidx.data(), color.data(), ncolors,
                                values.data(), nullptr, n, 1);
  ad::jacobian<residual>(x.data(), n, y.data(), n, dense.data(), nullptr, n, 1);
  ad_check_exact("sparse = dense", same(n, n, rowptr, colidx, values, dense),
                 1);
  ad_check_eq("J(4, 4)", values[rowptr[4] + 1],
              -2 + 0.001 * std::exp(0.1 * x[4]));

  // The last row left unwritten: no entries there, and a zero row in the
  // dense Jacobian even after other columns' tangents.
  nnz = ad::jacobian_pattern<residual>(x.data(), n, y.data(), n, rowptr.data(),
                                       colidx.data(), 3 * n, nullptr, n, 0);
  ad_check_exact("unwritten row: empty", rowptr[n] - rowptr[n - 1], 0);
  ad::jacobian<residual>(x.data(), n, y.data(), n, dense.data(), nullptr, n, 0);
  bool zero = true;
  for (int c = 0; c < n; ++c)
    zero &= dense[std::size_t(n - 1) * n + c] == 0;
  ad_check_exact("unwritten row: zero in the dense Jacobian", zero, 1);

  // A double constant: one call per direction, same results.
  nnz =
      ad::jacobian_pattern<residual_k>(x.data(), n, y.data(), n, rowptr.data(),
                                       colidx.data(), 3 * n, nullptr, n, 0.25);
  ad_check_exact("double constant: tridiagonal",
                 nnz == 3 * n - 2 && band(n, 1, rowptr, colidx, n), 1);
  ncolors = ad::color_columns(n, n, rowptr.data(), colidx.data(), color.data(),
                              iwork.data());
  values.assign(nnz, 0);
  ad::sparse_jacobian<residual_k>(x.data(), n, y.data(), n, rowptr.data(),
                                  colidx.data(), color.data(), ncolors,
                                  values.data(), work.data(), n, 0.25);
  ad::jacobian<residual_k>(x.data(), n, y.data(), n, dense.data(), nullptr, n,
                           0.25);
  ad_check_exact("double constant: sparse = dense",
                 same(n, n, rowptr, colidx, values, dense), 1);
  ad_check_eq("double constant: J(3, 3)", values[rowptr[3] + 1],
              -2 + 0.25 * std::cos(x[3]));
  const double k = 0.25;
  std::vector<int> prow(n + 1), pcol(3 * n);
  std::vector<double> pvalues(nnz);
  int pnnz =
      ad::jacobian_pattern<residual_p>(x.data(), n, y.data(), n, prow.data(),
                                       pcol.data(), 3 * n, nullptr, n, &k);
  ad_check_exact("pointer constant: same pattern",
                 pnnz == nnz && prow == rowptr && pcol == colidx, 1);
  ad::sparse_jacobian<residual_p>(x.data(), n, y.data(), n, rowptr.data(),
                                  colidx.data(), color.data(), ncolors,
                                  pvalues.data(), nullptr, n, &k);
  ad_check_exact("pointer constant: same values", pvalues == values, 1);

  // Hessians: Rosenbrock is tridiagonal, with an int and with a double
  // constant.
  std::vector<double> hw(ad::hessian_work(n)), h(n * n), hv(3 * n);
  int hnnz = ad::hessian_pattern<rosen>(x.data(), n, rowptr.data(),
                                        colidx.data(), 3 * n, hw.data(), n);
  ad_check_exact("hessian pattern: tridiagonal",
                 hnnz == 3 * n - 2 && band(n, 1, rowptr, colidx, n), 1);
  ncolors = ad::color_columns(n, n, rowptr.data(), colidx.data(), color.data(),
                              iwork.data());
  ad::sparse_hessian<rosen>(x.data(), n, rowptr.data(), colidx.data(),
                            color.data(), ncolors, hv.data(), nullptr, n);
  ad::hessian<rosen>(x.data(), h.data(), n, nullptr, n);
  ad_check_exact("sparse hessian = dense", same(n, n, rowptr, colidx, hv, h),
                 1);
  ad_check_eq("H(2, 3)", hv[rowptr[2] + 2], -400 * x[2]);

  hnnz = ad::hessian_pattern<rosen_a>(x.data(), n, rowptr.data(), colidx.data(),
                                      3 * n, nullptr, n, 0.5);
  ad_check_exact("double constant: hessian tridiagonal",
                 hnnz == 3 * n - 2 && band(n, 1, rowptr, colidx, n), 1);
  ad::sparse_hessian<rosen_a>(x.data(), n, rowptr.data(), colidx.data(),
                              color.data(), ncolors, hv.data(), hw.data(), n,
                              0.5);
  ad::hessian<rosen_a>(x.data(), h.data(), n, nullptr, n, 0.5);
  ad_check_exact("double constant: sparse hessian = dense",
                 same(n, n, rowptr, colidx, hv, h), 1);
  ad_check_eq("double constant: H(5, 5)", hv[rowptr[5] + 1],
              1200 * x[5] * x[5] - 400 * x[6] + 2 + 200);
  return ad_check_report();
}
