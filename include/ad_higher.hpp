// ADPass: Jacobians, Hessian-vector products, Hessians, dense and sparse,
// in the typed C++ API (docs/higher-order.md); included by ad.hpp. The C
// helpers are in ad_higher.h, which this builds on (the sparsity detection
// and the coloring).
#ifndef ADPASS_AD_HIGHER_HPP
#define ADPASS_AD_HIGHER_HPP

#include <ad.hpp>
#include <ad_higher.h>

#include <algorithm>
#include <cstddef>

#define AD_JACOBIAN_LANES_CXX AD_JACOBIAN_LANES

namespace ad {

/// Higher derivatives (docs/higher-order.md), for a function named at
/// compile time: `double F(const double *x, C... c)` for the Hessian ones,
/// `void F(const double *x, double *y, C... c)` for the Jacobian; the extra
/// arguments c are constants. n is the length of x, m that of y; matrices
/// are row-major. With `work` (hessian_work(n), jacobian_work(n, m)
/// doubles) nothing is allocated; nullptr allocates it for the call.
namespace detail {
template <auto F, class... C>
void gradientOf(const double *x, double *g, std::size_t n, C... c) {
  for (std::size_t i = 0; i < n; ++i)
    g[i] = 0;
  ad::gradient<F>(ad::dup(x, g), ad::constant(c)...);
}
} // namespace detail

/// Directions per call of hessian() and jacobian() (vector forward mode,
/// used when the extra constants are integers).
constexpr std::size_t lanes = AD_JACOBIAN_LANES_CXX;
constexpr std::size_t hessian_work(std::size_t n) {
  return (2 * lanes + 1) * n;
}
constexpr std::size_t jacobian_work(std::size_t n, std::size_t m) {
  return lanes * (n + m);
}

/// g = the gradient of F at x (reverse mode).
template <auto F, class... C>
inline void gradient_vector(const double *x, double *g, std::size_t n, C... c) {
  detail::gradientOf<F, C...>(x, g, n, c...);
}

/// hv = H(x) v and g = the gradient: forward mode over reverse mode.
template <auto F, class... C>
inline void hvp(const double *x, const double *v, double *hv, double *g,
                std::size_t n, C... c) {
  // The gradient only reads x: its tangents v are only read too.
  ad::tangent<&detail::gradientOf<F, C...>>(ad::dup(x, const_cast<double *>(v)),
                                            ad::dup(g, hv), ad::constant(n),
                                            ad::constant(c)...);
}

namespace detail {
/// dy = J dx for `lanes` directions (dx: lanes rows of n, dy: lanes rows of
/// m): one vector forward call. An output F does not write keeps its
/// tangent: callers zero dy once (F writes the same outputs in every call,
/// x being the same).
template <auto F, class... C>
void jacobianLanes(const double *x, const double *dx, std::size_t n, double *y,
                   double *dy, std::size_t m, C... c) {
  ad::tangent<F>(ad::width<AD_JACOBIAN_LANES_CXX>(),
                 ad::dupv(x, const_cast<double *>(dx), n), ad::dupv(y, dy, m),
                 ad::constant(c)...);
}

/// hv = H e for `lanes` directions (rows of n), and g the gradient: vector
/// forward over reverse (gradientOf writes all of g, so all of hv).
template <auto F, class... C>
void hessianLanes(const double *x, const double *e, double *g, double *hv,
                  std::size_t n, C... c) {
  ad::tangent<&gradientOf<F, C...>>(ad::width<AD_JACOBIAN_LANES_CXX>(),
                                    ad::dupv(x, const_cast<double *>(e), n),
                                    ad::dupv(g, hv, n), ad::constant(n),
                                    ad::constant(c)...);
}
} // namespace detail

/// h = H(x), n x n: n Hessian-vector products along the unit vectors,
/// `lanes` per call.
template <auto F, class... C>
inline void hessian(const double *x, double *h, std::size_t n, double *work,
                    C... c) {
  double *w = work ? work : new double[hessian_work(n)];
  double *e = w, *g = w + lanes * n, *hv = g + n;
  for (std::size_t i = 0; i < lanes * n; ++i)
    e[i] = 0;
  for (std::size_t c0 = 0; c0 < n; c0 += lanes) {
    for (std::size_t l = 0; l < lanes && c0 + l < n; ++l)
      e[l * n + c0 + l] = 1;
    detail::hessianLanes<F>(x, e, g, hv, n, c...);
    for (std::size_t l = 0; l < lanes && c0 + l < n; ++l) {
      for (std::size_t i = 0; i < n; ++i) // H is symmetric
        h[(c0 + l) * n + i] = hv[l * n + i];
      e[l * n + c0 + l] = 0;
    }
  }
  if (!work)
    delete[] w;
}

/// y = F(x) and j = its Jacobian, m x n: n / lanes vector forward sweeps
/// (`lanes` columns each) when n <= m, else m reverse sweeps (a row each).
template <auto F, class... C>
inline void jacobian(const double *x, std::size_t n, double *y, std::size_t m,
                     double *j, double *work, C... c) {
  double *w = work ? work : new double[jacobian_work(n, m)];
  if (n <= m) {
    double *dx = w, *dy = w + lanes * n;
    for (std::size_t i = 0; i < lanes * n; ++i)
      dx[i] = 0;
    for (std::size_t i = 0; i < lanes * m; ++i)
      dy[i] = 0;
    for (std::size_t c0 = 0; c0 < n; c0 += lanes) {
      for (std::size_t l = 0; l < lanes && c0 + l < n; ++l)
        dx[l * n + c0 + l] = 1;
      detail::jacobianLanes<F>(x, dx, n, y, dy, m, c...);
      for (std::size_t l = 0; l < lanes && c0 + l < n; ++l) {
        for (std::size_t r = 0; r < m; ++r)
          j[r * n + c0 + l] = dy[l * m + r];
        dx[l * n + c0 + l] = 0;
      }
    }
  } else {
    double *dx = w, *dy = w + n;
    for (std::size_t i = 0; i < n; ++i)
      dx[i] = 0;
    for (std::size_t r = 0; r < m; ++r) {
      for (std::size_t i = 0; i < m; ++i)
        dy[i] = i == r;
      ad::gradient<F>(ad::dup(x, dx), ad::dup(y, dy), ad::constant(c)...);
      for (std::size_t col = 0; col < n; ++col) {
        j[r * n + col] = dx[col];
        dx[col] = 0;
      }
    }
  }
  if (!work)
    delete[] w;
}

/// Sparse Jacobians and Hessians (docs/higher-order.md). A pattern is in
/// CSR form: row r's nonzeros are in the columns colidx[rowptr[r]] ..
/// colidx[rowptr[r + 1] - 1]. Detect it at x (jacobian_pattern,
/// hessian_pattern) or give it, color its columns once (color_columns),
/// then each sparse_jacobian / sparse_hessian costs ceil(colors / lanes)
/// vector calls, whatever n.

/// Colors the n columns of an m-row pattern (no two columns of one color
/// share a row); work: coloring_work(n, nnz) ints. Returns the number of
/// colors.
inline int color_columns(int m, int n, const int *rowptr, const int *colidx,
                         int *color, int *work) {
  return ad_color_columns(m, n, rowptr, colidx, color, work);
}
constexpr std::size_t coloring_work(std::size_t n, std::size_t nnz) {
  return AD_COLORING_WORK(n, nnz);
}

namespace detail {
/// Whether NaN survives (not -ffinite-math-only): sparsity detection needs
/// it. (Of F, so that it is asked only where a pattern is detected.)
template <auto F> constexpr bool nansKept() {
#if defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__
  return false;
#else
  return true;
#endif
}
} // namespace detail

/// The pattern of F's Jacobian at x (a dependency sweep: NaN directions),
/// with y = F(x). rowptr: m + 1 ints; colidx is written only when the
/// returned number of nonzeros is at most maxnnz (nullptr: count only).
/// work: jacobian_work(n, m) doubles, or nullptr.
template <auto F, class... C>
inline int jacobian_pattern(const double *x, std::size_t n, double *y,
                            std::size_t m, int *rowptr, int *colidx, int maxnnz,
                            double *work, C... c) {
  static_assert(detail::nansKept<F>(), AD_PATTERN_NANS_MESSAGE);
  double *w = work ? work : new double[jacobian_work(n, m)];
  double *dx = w, *dy = w + lanes * n;
  AD_DETECT_PATTERN_(n, m, dx, dy, rowptr, colidx, maxnnz,
                     detail::jacobianLanes<F>(x, dx, n, y, dy, m, c...));
  if (!work)
    delete[] w;
  return rowptr[m];
}

/// The pattern of F's Hessian at x, as jacobian_pattern (rowptr: n + 1
/// ints). work: hessian_work(n) doubles, or nullptr.
template <auto F, class... C>
inline int hessian_pattern(const double *x, std::size_t n, int *rowptr,
                           int *colidx, int maxnnz, double *work, C... c) {
  static_assert(detail::nansKept<F>(), AD_PATTERN_NANS_MESSAGE);
  double *w = work ? work : new double[hessian_work(n)];
  double *e = w, *g = w + lanes * n, *hv = g + n;
  AD_DETECT_PATTERN_(n, n, e, hv, rowptr, colidx, maxnnz,
                     detail::hessianLanes<F>(x, e, g, hv, n, c...));
  if (!work)
    delete[] w;
  return rowptr[n];
}

/// y = F(x) and values[k] = J(r, colidx[k]) for the nonzeros of a pattern
/// colored by color_columns. work: jacobian_work(n, m) doubles, or nullptr.
template <auto F, class... C>
inline void sparse_jacobian(const double *x, std::size_t n, double *y,
                            std::size_t m, const int *rowptr, const int *colidx,
                            const int *color, int ncolors, double *values,
                            double *work, C... c) {
  double *w = work ? work : new double[jacobian_work(n, m)];
  double *dx = w, *dy = w + lanes * n;
  // (in the lanes read: see jacobianLanes)
  for (std::size_t i = 0; i < std::min<std::size_t>(ncolors, lanes) * m; ++i)
    dy[i] = 0;
  for (int c0 = 0; c0 < ncolors; c0 += int(lanes)) {
    // direction l: the sum of the unit vectors of color c0 + l
    for (std::size_t l = 0; l < lanes; ++l)
      for (std::size_t i = 0; i < n; ++i)
        dx[l * n + i] = color[i] == c0 + int(l);
    detail::jacobianLanes<F>(x, dx, n, y, dy, m, c...);
    for (std::size_t r = 0; r < m; ++r)
      for (int k = rowptr[r]; k < rowptr[r + 1]; ++k) {
        int l = color[colidx[k]] - c0;
        if (l >= 0 && l < int(lanes))
          values[k] = dy[std::size_t(l) * m + r];
      }
  }
  if (!work)
    delete[] w;
}

/// values[k] = H(r, colidx[k]) for the nonzeros of a colored pattern of F's
/// Hessian. work: hessian_work(n) doubles, or nullptr.
template <auto F, class... C>
inline void sparse_hessian(const double *x, std::size_t n, const int *rowptr,
                           const int *colidx, const int *color, int ncolors,
                           double *values, double *work, C... c) {
  double *w = work ? work : new double[hessian_work(n)];
  double *e = w, *g = w + lanes * n, *hv = g + n;
  for (int c0 = 0; c0 < ncolors; c0 += int(lanes)) {
    for (std::size_t l = 0; l < lanes; ++l)
      for (std::size_t i = 0; i < n; ++i)
        e[l * n + i] = color[i] == c0 + int(l);
    detail::hessianLanes<F>(x, e, g, hv, n, c...);
    for (std::size_t r = 0; r < n; ++r)
      for (int k = rowptr[r]; k < rowptr[r + 1]; ++k) {
        int l = color[colidx[k]] - c0;
        if (l >= 0 && l < int(lanes))
          values[k] = hv[std::size_t(l) * n + r];
      }
  }
  if (!work)
    delete[] w;
}

} // namespace ad

#endif
