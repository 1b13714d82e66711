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
      for (int c0 = 0; c0 < n; c0 += AD_JACOBIAN_LANES) {                      \
        for (int l = 0; l < AD_JACOBIAN_LANES && c0 + l < n; ++l)              \
          dx[(size_t)l * n + c0 + l] = 1;                                      \
        __ad_fwddiff((void *)(f), ad_width, AD_JACOBIAN_LANES, ad_dupv,        \
                     (long)n * (long)sizeof(double), x, dx, ad_dupv,           \
                     (long)m * (long)sizeof(double), y, dy);                   \
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

#endif /* ADPASS_AD_HIGHER_H */
