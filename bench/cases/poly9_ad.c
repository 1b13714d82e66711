/* poly9: the ADPass gradient with respect to c_2 only (compiled with
 * -fplugin=libADPass.so). c_2 is passed as its own active scalar; the other
 * coefficients stay constant. */
#define BENCH_PRIMAL_ONLY
#include "poly9.c"

#include <ad.h>

static double poly9_c2(double c2, const double *c, const double *x, int n) {
  double cc[10];
  for (int k = 0; k < 10; ++k)
    cc[k] = c[k];
  cc[2] = c2;
  return poly9_f(cc, x, n);
}

double poly9_grad_adpass(const double *c, const double *x, int n) {
  return __ad_autodiff((void *)poly9_c2, ad_out, c[2], ad_const, c, ad_const, x,
                       ad_const, n);
}
