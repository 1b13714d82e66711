/* ADPass: Jacobians, Hessian-vector products and Hessians, built on the
 * entry points of ad.h (see docs/higher-order.md).
 *
 * Each macro defines static functions at file scope for one function of
 * yours, since the plugin needs the differentiated function by name:
 *
 *   double energy(const double *x, int n);
 *   AD_DEFINE_HESSIAN(energy_d2, energy)
 *     void energy_d2_gradient(const double *x, double *g, int n);
 *         g = the gradient of energy at x (reverse mode)
 *     void energy_d2_hvp(const double *x, const double *v, double *hv,
 *                        double *g, int n);
 *         hv = H(x) v, and g = the gradient (forward over reverse)
 *     void energy_d2_hessian(const double *x, double *h, int n,
 *                            double *work);
 *         h = H(x), n x n row-major (n Hessian-vector products, 8 per
 *         call: vector forward over reverse)
 *
 *   void model(const double *x, double *y);   (n inputs, m outputs)
 *   AD_DEFINE_JACOBIAN(model_jac, model)
 *     void model_jac(const double *x, int n, double *y, int m, double *j,
 *                    double *work);
 *         y = model(x), j = its Jacobian, m x n row-major: n / 8 vector
 *         forward sweeps (8 columns each, model running once per sweep)
 *         when n <= m, else m reverse sweeps (one per row)
 *
 *   AD_DEFINE_SPARSE_JACOBIAN / AD_DEFINE_SPARSE_HESSIAN with
 *   ad_color_columns (below): the nonzeros of a sparse Jacobian or Hessian
 *   whose pattern is given, ceil(colors / 8) vector calls.
 *
 * `work` holds AD_HESSIAN_WORK(n) or AD_JACOBIAN_WORK(n, m) doubles; with
 * it, the helpers allocate nothing themselves. NULL makes them allocate it
 * with malloc for the call. */
#ifndef ADPASS_AD_HIGHER_H
#define ADPASS_AD_HIGHER_H

#include <ad.h>
#include <stdlib.h>

/* Directions per call of the Hessian and Jacobian helpers (vector forward
 * mode: the function runs once per AD_JACOBIAN_LANES directions). */
#define AD_JACOBIAN_LANES 8
#define AD_HESSIAN_WORK(n) ((2 * (size_t)AD_JACOBIAN_LANES + 1) * (size_t)(n))
#define AD_JACOBIAN_WORK(n, m)                                                 \
  ((size_t)AD_JACOBIAN_LANES * ((size_t)(n) + (size_t)(m)))

#define AD_DEFINE_HESSIAN(name, f)                                             \
  static __attribute__((unused)) void name##_gradient(const double *x,         \
                                                      double *g, int n) {      \
    for (int i = 0; i < n; ++i)                                                \
      g[i] = 0;                                                                \
    __ad_autodiff((void *)(f), ad_dup, x, g, ad_const, n);                     \
  }                                                                            \
  static __attribute__((unused)) void name##_hvp(                              \
      const double *x, const double *v, double *hv, double *g, int n) {        \
    __ad_fwddiff((void *)name##_gradient, ad_dup, x, v, ad_dup, g, hv,         \
                 ad_const, n);                                                 \
  }                                                                            \
  static __attribute__((unused)) void name##_hessian(                          \
      const double *x, double *h, int n, double *work) {                       \
    double *w =                                                                \
        work ? work : (double *)malloc(AD_HESSIAN_WORK(n) * sizeof(double));   \
    /* AD_JACOBIAN_LANES Hessian-vector products per call (vector forward */   \
    /* over reverse): e holds the unit vectors, hv the products. */            \
    size_t lanes = AD_JACOBIAN_LANES, nn = (size_t)n;                          \
    double *e = w, *g = w + lanes * nn, *hv = g + nn;                          \
    for (size_t i = 0; i < lanes * nn; ++i)                                    \
      e[i] = 0;                                                                \
    for (int c0 = 0; c0 < n; c0 += AD_JACOBIAN_LANES) {                        \
      for (int l = 0; l < AD_JACOBIAN_LANES && c0 + l < n; ++l)                \
        e[(size_t)l * nn + c0 + l] = 1;                                        \
      __ad_fwddiff((void *)name##_gradient, ad_width, AD_JACOBIAN_LANES,       \
                   ad_dupv, (long)(nn * sizeof(double)), x, e, ad_dupv,        \
                   (long)(nn * sizeof(double)), g, hv, ad_const, n);           \
      for (int l = 0; l < AD_JACOBIAN_LANES && c0 + l < n; ++l) {              \
        for (size_t i = 0; i < nn; ++i) /* H is symmetric */                   \
          h[(size_t)(c0 + l) * nn + i] = hv[(size_t)l * nn + i];               \
        e[(size_t)l * nn + c0 + l] = 0;                                        \
      }                                                                        \
    }                                                                          \
    if (!work)                                                                 \
      free(w);                                                                 \
  }

#define AD_DEFINE_JACOBIAN(name, f)                                            \
  static __attribute__((unused)) void name(const double *x, int n, double *y,  \
                                           int m, double *j, double *work) {   \
    double *w =                                                                \
        work ? work                                                            \
             : (double *)malloc(AD_JACOBIAN_WORK(n, m) * sizeof(double));      \
    if (n <= m) {                                                              \
      /* AD_JACOBIAN_LANES columns per forward sweep: dx holds their */        \
      /* directions (e_c, ...), one row of n per lane, dy their tangents. */   \
      double *dx = w, *dy = w + (size_t)AD_JACOBIAN_LANES * n;                 \
      for (size_t i = 0; i < (size_t)AD_JACOBIAN_LANES * n; ++i)               \
        dx[i] = 0;                                                             \
      /* An output f does not write keeps a zero tangent (f writes the */      \
      /* same outputs in every call: x does not change). */                    \
      for (size_t i = 0; i < (size_t)AD_JACOBIAN_LANES * m; ++i)               \
        dy[i] = 0;                                                             \
      for (int c0 = 0; c0 < n; c0 += AD_JACOBIAN_LANES) {                      \
        for (int l = 0; l < AD_JACOBIAN_LANES && c0 + l < n; ++l)              \
          dx[(size_t)l * n + c0 + l] = 1;                                      \
        __ad_fwddiff((void *)(f), ad_width, AD_JACOBIAN_LANES, ad_dupv,        \
                     (long)n *(long)sizeof(double), x, dx, ad_dupv,            \
                     (long)m *(long)sizeof(double), y, dy);                    \
        for (int l = 0; l < AD_JACOBIAN_LANES && c0 + l < n; ++l) {            \
          for (int r = 0; r < m; ++r)                                          \
            j[(size_t)r * n + c0 + l] = dy[(size_t)l * m + r];                 \
          dx[(size_t)l * n + c0 + l] = 0;                                      \
        }                                                                      \
      }                                                                        \
    } else {                                                                   \
      double *dx = w, *dy = w + n;                                             \
      for (int i = 0; i < n; ++i)                                              \
        dx[i] = 0;                                                             \
      for (int r = 0; r < m; ++r) { /* row r: the gradient of y_r */           \
        for (int i = 0; i < m; ++i)                                            \
          dy[i] = i == r;                                                      \
        __ad_autodiff((void *)(f), ad_dup, x, dx, ad_dup, y, dy);              \
        for (int c = 0; c < n; ++c) {                                          \
          j[(size_t)r * n + c] = dx[c];                                        \
          dx[c] = 0;                                                           \
        }                                                                      \
      }                                                                        \
    }                                                                          \
    if (!work)                                                                 \
      free(w);                                                                 \
  }

/* Sparse Jacobians and Hessians by column coloring. A pattern is given in
 * CSR form: the nonzeros of row r are in the columns
 * colidx[rowptr[r]] .. colidx[rowptr[r + 1] - 1]. Columns that share no row
 * get the same color and are differentiated together, so a banded or
 * block-sparse matrix costs a number of sweeps set by its bandwidth, not by
 * its size: a tridiagonal Jacobian takes 3 colors, one vector call. */

/* Colors the n columns of an m-row pattern greedily (no two columns of one
 * color share a row): color[c] in 0 .. (result - 1). work holds
 * AD_COLORING_WORK(n, nnz) ints (nnz = rowptr[m]). Returns the number of
 * colors. */
#define AD_COLORING_WORK(n, nnz) (2 * (size_t)(n) + 1 + (size_t)(nnz))
static __attribute__((unused)) int ad_color_columns(int m, int n,
                                                    const int *rowptr,
                                                    const int *colidx,
                                                    int *color, int *work) {
  /* The transposed pattern (rows of each column), then the stamps. */
  int *colptr = work, *rows = work + n + 1, *stamp = rows + rowptr[m];
  for (int c = 0; c <= n; ++c)
    colptr[c] = 0;
  for (int k = 0; k < rowptr[m]; ++k)
    ++colptr[colidx[k] + 1];
  for (int c = 0; c < n; ++c)
    colptr[c + 1] += colptr[c];
  for (int c = 0; c < n; ++c)
    stamp[c] = colptr[c];
  for (int r = 0; r < m; ++r)
    for (int k = rowptr[r]; k < rowptr[r + 1]; ++k)
      rows[stamp[colidx[k]]++] = r;
  int ncolors = 0;
  for (int c = 0; c < n; ++c)
    stamp[c] = -1; /* stamp[k] == c: color k is taken by a neighbor of c */
  for (int c = 0; c < n; ++c) {
    for (int k = colptr[c]; k < colptr[c + 1]; ++k)
      for (int j = rowptr[rows[k]]; j < rowptr[rows[k] + 1]; ++j)
        if (colidx[j] < c)
          stamp[color[colidx[j]]] = c;
    int k = 0;
    while (k < ncolors && stamp[k] == c)
      ++k;
    color[c] = k;
    if (k == ncolors)
      ++ncolors;
  }
  return ncolors;
}

/* AD_DEFINE_SPARSE_JACOBIAN(name, f) for void f(const double *x, double *y)
 * (n inputs, m outputs):
 *   void name(const double *x, int n, double *y, int m, const int *rowptr,
 *             const int *colidx, const int *color, int ncolors,
 *             double *values, double *work)
 * sets y = f(x) and values[k] = J(r, colidx[k]) for the nonzeros of the
 * pattern, from a coloring of it (ad_color_columns): ncolors directions,
 * AD_JACOBIAN_LANES per vector forward call. work: AD_JACOBIAN_WORK(n, m)
 * doubles (NULL: allocated for the call). */
#define AD_DEFINE_SPARSE_JACOBIAN(name, f)                                     \
  static __attribute__((unused)) void name(                                    \
      const double *x, int n, double *y, int m, const int *rowptr,             \
      const int *colidx, const int *color, int ncolors, double *values,        \
      double *work) {                                                          \
    double *w =                                                                \
        work ? work                                                            \
             : (double *)malloc(AD_JACOBIAN_WORK(n, m) * sizeof(double));      \
    size_t nn = (size_t)n, mm = (size_t)m;                                     \
    double *dx = w, *dy = w + (size_t)AD_JACOBIAN_LANES * nn;                  \
    /* An output f does not write keeps a zero tangent, in the lanes read */   \
    /* (f writes the same outputs in every call: x does not change). */        \
    for (size_t i = 0;                                                         \
         i <                                                                   \
         (size_t)(ncolors < AD_JACOBIAN_LANES ? ncolors : AD_JACOBIAN_LANES) * \
             mm;                                                               \
         ++i)                                                                  \
      dy[i] = 0;                                                               \
    for (int c0 = 0; c0 < ncolors; c0 += AD_JACOBIAN_LANES) {                  \
      /* direction l: the sum of the unit vectors of color c0 + l */           \
      for (int l = 0; l < AD_JACOBIAN_LANES; ++l)                              \
        for (size_t i = 0; i < nn; ++i)                                        \
          dx[l * nn + i] = color[i] == c0 + l;                                 \
      __ad_fwddiff((void *)(f), ad_width, AD_JACOBIAN_LANES, ad_dupv,          \
                   (long)(nn * sizeof(double)), x, dx, ad_dupv,                \
                   (long)(mm * sizeof(double)), y, dy);                        \
      for (int r = 0; r < m; ++r)                                              \
        for (int k = rowptr[r]; k < rowptr[r + 1]; ++k) {                      \
          int l = color[colidx[k]] - c0;                                       \
          if (l >= 0 && l < AD_JACOBIAN_LANES)                                 \
            values[k] = dy[(size_t)l * mm + r];                                \
        }                                                                      \
    }                                                                          \
    if (!work)                                                                 \
      free(w);                                                                 \
  }

/* AD_DEFINE_SPARSE_HESSIAN(name, f) for double f(const double *x, int n),
 * after AD_DEFINE_HESSIAN(name, f) (it uses name_gradient):
 *   void name_sparse_hessian(const double *x, int n, const int *rowptr,
 *                            const int *colidx, const int *color,
 *                            int ncolors, double *values, double *work)
 * sets values[k] = H(r, colidx[k]) for the nonzeros of the pattern of H,
 * colored by ad_color_columns: the Hessian as the Jacobian of the gradient,
 * by vector forward over reverse. work: AD_HESSIAN_WORK(n) doubles. */
#define AD_DEFINE_SPARSE_HESSIAN(name)                                         \
  static __attribute__((unused)) void name##_sparse_hessian(                   \
      const double *x, int n, const int *rowptr, const int *colidx,            \
      const int *color, int ncolors, double *values, double *work) {           \
    double *w =                                                                \
        work ? work : (double *)malloc(AD_HESSIAN_WORK(n) * sizeof(double));   \
    size_t lanes = AD_JACOBIAN_LANES, nn = (size_t)n;                          \
    double *e = w, *g = w + lanes * nn, *hv = g + nn;                          \
    for (int c0 = 0; c0 < ncolors; c0 += AD_JACOBIAN_LANES) {                  \
      for (size_t l = 0; l < lanes; ++l)                                       \
        for (size_t i = 0; i < nn; ++i)                                        \
          e[l * nn + i] = color[i] == c0 + (int)l;                             \
      __ad_fwddiff((void *)name##_gradient, ad_width, AD_JACOBIAN_LANES,       \
                   ad_dupv, (long)(nn * sizeof(double)), x, e, ad_dupv,        \
                   (long)(nn * sizeof(double)), g, hv, ad_const, n);           \
      for (int r = 0; r < n; ++r)                                              \
        for (int k = rowptr[r]; k < rowptr[r + 1]; ++k) {                      \
          int l = color[colidx[k]] - c0;                                       \
          if (l >= 0 && l < AD_JACOBIAN_LANES)                                 \
            values[k] = hv[(size_t)l * nn + r];                                \
        }                                                                      \
    }                                                                          \
    if (!work)                                                                 \
      free(w);                                                                 \
  }

/* Sparsity detection: the pattern of a Jacobian or Hessian at x, found by
 * a dependency sweep instead of given. Direction l starts with NaN in one
 * column and 0 elsewhere; NaN survives every operation that depends on it
 * (NaN * 0 is NaN, NaN - NaN is NaN), so an output whose tangent comes out
 * NaN depends on that column. AD_JACOBIAN_LANES columns per vector forward
 * call, each column twice (a count, then the fill), once for the pattern's
 * lifetime: its result feeds ad_color_columns and the sparse helpers.
 *
 * It is the pattern at x: a branch not taken at x adds nothing (detect at a
 * point that takes the branches that matter). A partial derivative that is
 * infinite or NaN at x (sqrt at 0) makes NaN out of the zero directions too:
 * its row then holds every column, more entries than needed but never
 * fewer. */
#define AD_PATTERN_NANS_MESSAGE                                                \
  "ADPass: sparsity detection propagates NaN; it cannot be compiled with "     \
  "-ffinite-math-only (-ffast-math)"
#ifdef __FINITE_MATH_ONLY__
#if __FINITE_MATH_ONLY__
#define AD_PATTERN_NEEDS_NANS _Static_assert(0, AD_PATTERN_NANS_MESSAGE);
#endif
#endif
#ifndef AD_PATTERN_NEEDS_NANS
#define AD_PATTERN_NEEDS_NANS
#endif

/* The shared part of the two detections: for each block of columns, seed
 * (direction l: NaN in column c0 + l), run the call given after maxnnz
 * (it writes the outputs' tangents into out, `rows` per lane), and take
 * the rows that came out NaN. Pass 0 counts each row's nonzeros in
 * rowptr[r + 1], pass 1 writes the columns at rowptr[r]++ (ascending),
 * then rowptr is shifted back. */
#define AD_DETECT_PATTERN_(n, rows, seeds, out, rowptr, colidx, maxnnz, ...)   \
  do {                                                                         \
    size_t nn_ = (size_t)(n), mm_ = (size_t)(rows);                            \
    for (size_t i_ = 0; i_ < AD_JACOBIAN_LANES * nn_; ++i_)                    \
      (seeds)[i_] = 0;                                                         \
    for (size_t r_ = 0; r_ <= mm_; ++r_)                                       \
      (rowptr)[r_] = 0;                                                        \
    for (int pass_ = 0; pass_ < 2; ++pass_) {                                  \
      for (int c0_ = 0; c0_ < (int)nn_; c0_ += AD_JACOBIAN_LANES) {            \
        for (int l_ = 0; l_ < AD_JACOBIAN_LANES && c0_ + l_ < (int)nn_; ++l_)  \
          (seeds)[(size_t)l_ * nn_ + c0_ + l_] = __builtin_nan("");            \
        for (size_t i_ = 0; i_ < AD_JACOBIAN_LANES * mm_; ++i_)                \
          (out)[i_] = 0;                                                       \
        __VA_ARGS__;                                                           \
        for (int l_ = 0; l_ < AD_JACOBIAN_LANES && c0_ + l_ < (int)nn_;        \
             ++l_) {                                                           \
          for (size_t r_ = 0; r_ < mm_; ++r_) {                                \
            double t_ = (out)[(size_t)l_ * mm_ + r_];                          \
            if (t_ == t_)                                                      \
              continue;                                                        \
            if (pass_ == 0)                                                    \
              ++(rowptr)[r_ + 1];                                              \
            else                                                               \
              (colidx)[(rowptr)[r_]++] = c0_ + l_;                             \
          }                                                                    \
          (seeds)[(size_t)l_ * nn_ + c0_ + l_] = 0;                            \
        }                                                                      \
      }                                                                        \
      if (pass_ == 0) {                                                        \
        for (size_t r_ = 0; r_ < mm_; ++r_)                                    \
          (rowptr)[r_ + 1] += (rowptr)[r_];                                    \
        if (!(colidx) || (rowptr)[mm_] > (maxnnz))                             \
          break;                                                               \
      } else {                                                                 \
        for (size_t r_ = mm_; r_ > 0; --r_)                                    \
          (rowptr)[r_] = (rowptr)[r_ - 1];                                     \
        (rowptr)[0] = 0;                                                       \
      }                                                                        \
    }                                                                          \
  } while (0)

/* AD_DEFINE_JACOBIAN_PATTERN(name, f) for void f(const double *x, double *y)
 * (n inputs, m outputs):
 *   int name(const double *x, int n, double *y, int m, int *rowptr,
 *            int *colidx, int maxnnz, double *work)
 * detects the pattern of f's Jacobian at x in CSR form (rowptr: m + 1 ints,
 * colidx: columns ascending in each row) and returns its number of
 * nonzeros. colidx is written only when that number is at most maxnnz
 * (colidx NULL: only count; rowptr is set either way). y = f(x).
 * work: AD_JACOBIAN_WORK(n, m) doubles (NULL: allocated for the call). */
#define AD_DEFINE_JACOBIAN_PATTERN(name, f)                                    \
  AD_PATTERN_NEEDS_NANS                                                        \
  static __attribute__((unused)) int name(const double *x, int n, double *y,   \
                                          int m, int *rowptr, int *colidx,     \
                                          int maxnnz, double *work) {          \
    double *w =                                                                \
        work ? work                                                            \
             : (double *)malloc(AD_JACOBIAN_WORK(n, m) * sizeof(double));      \
    double *dx = w, *dy = w + (size_t)AD_JACOBIAN_LANES * (size_t)n;           \
    AD_DETECT_PATTERN_(n, m, dx, dy, rowptr, colidx, maxnnz,                   \
                       __ad_fwddiff((void *)(f), ad_width, AD_JACOBIAN_LANES,  \
                                    ad_dupv, (long)n *(long)sizeof(double), x, \
                                    dx, ad_dupv,                               \
                                    (long)m *(long)sizeof(double), y, dy));    \
    if (!work)                                                                 \
      free(w);                                                                 \
    return rowptr[m];                                                          \
  }

/* AD_DEFINE_HESSIAN_PATTERN(name) after AD_DEFINE_HESSIAN(name, f):
 *   int name_hessian_pattern(const double *x, int n, int *rowptr,
 *                            int *colidx, int maxnnz, double *work)
 * detects the pattern of f's Hessian at x (the Jacobian of the gradient,
 * by vector forward over reverse), as AD_DEFINE_JACOBIAN_PATTERN does.
 * work: AD_HESSIAN_WORK(n) doubles. */
#define AD_DEFINE_HESSIAN_PATTERN(name)                                        \
  AD_PATTERN_NEEDS_NANS                                                        \
  static __attribute__((unused)) int name##_hessian_pattern(                   \
      const double *x, int n, int *rowptr, int *colidx, int maxnnz,            \
      double *work) {                                                          \
    double *w =                                                                \
        work ? work : (double *)malloc(AD_HESSIAN_WORK(n) * sizeof(double));   \
    size_t nn = (size_t)n;                                                     \
    double *e = w, *g = w + AD_JACOBIAN_LANES * nn, *hv = g + nn;              \
    AD_DETECT_PATTERN_(                                                        \
        n, n, e, hv, rowptr, colidx, maxnnz,                                   \
        __ad_fwddiff((void *)name##_gradient, ad_width, AD_JACOBIAN_LANES,     \
                     ad_dupv, (long)(nn * sizeof(double)), x, e, ad_dupv,      \
                     (long)(nn * sizeof(double)), g, hv, ad_const, n));        \
    if (!work)                                                                 \
      free(w);                                                                 \
    return rowptr[n];                                                          \
  }

#endif /* ADPASS_AD_HIGHER_H */
