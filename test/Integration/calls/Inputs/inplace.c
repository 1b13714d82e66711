/* Functions of another translation unit that write memory: their
 * derivatives are registered as augmented pairs in custom_augmented.c. */
#include <math.h>

/* x[i] = a * sin(x[i]), in place; returns the old x[0]. */
double sin_scale_inplace(double *x, int n, double a) {
  double first = x[0];
  for (int i = 0; i < n; i++)
    x[i] = a * sin(x[i]);
  return first;
}

/* out[i] = exp(x[i]) (out and x distinct). */
void exp_into(double *out, const double *x, int n) {
  for (int i = 0; i < n; i++)
    out[i] = exp(x[i]);
}
