/* Functions compiled without the plugin and linked into custom_reverse.c:
 * the plugin never sees their bodies, only their registered derivatives. */
#include <math.h>

double softplus(double x) { return log1p(exp(x)); }

/* sum_i w[i] * x[i]^2 */
double wsq(const double *x, const double *w, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += w[i] * x[i] * x[i];
  return s;
}

/* y[i] = a * tanh(x[i]); returns nothing. */
void tanh_scale(double *y, const double *x, double a, int n) {
  for (int i = 0; i < n; ++i)
    y[i] = a * tanh(x[i]);
}
