/* gmm: the ADPass gradient (compiled with -fplugin=libADPass.so). */
#define BENCH_PRIMAL_ONLY
#include "gmm.c"

#include <ad.h>

void gmm_grad_adpass(int d, int k, int n, const double *alphas,
                     const double *means, const double *icf, const double *x,
                     double gamma, int m, double *dalphas, double *dmeans,
                     double *dicf) {
  __ad_autodiff((void *)gmm_f, ad_const, d, ad_const, k, ad_const, n, ad_dup,
                alphas, dalphas, ad_dup, means, dmeans, ad_dup, icf, dicf,
                ad_const, x, ad_const, gamma, ad_const, m);
}
