/* Functions compiled without the plugin and linked into
 * forward/custom_forward.c: the plugin never sees their bodies, only their
 * registered forward derivatives. */
#include <math.h>

double softplus(double x) { return log1p(exp(x)); }

/* y[i] = a * x[i] */
void scale(const double *x, double *y, int n, double a) {
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i];
}
