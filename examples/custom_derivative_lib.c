// A library compiled without the plugin (another translation unit, or a
// prebuilt object): ADPass cannot see these bodies. custom_derivative.c
// registers reverse derivatives for them.
#include <math.h>

double logsumexp(const double *x, int n) {
  double m = x[0], s = 0;
  for (int i = 1; i < n; i++)
    m = x[i] > m ? x[i] : m;
  for (int i = 0; i < n; i++)
    s += exp(x[i] - m);
  return m + log(s);
}

double softplus(double x) { return x > 30 ? x : log1p(exp(x)); }
