/* lsq_lapack: the ADPass gradient (compiled with -fplugin=libADPass.so). */
#define BENCH_PRIMAL_ONLY
#include "lsq_lapack.c"

#include <ad.h>

void lsq_lapack_grad_adpass(const double *X, const double *y, const double *t,
                            double *dX, double *dy) {
  __ad_autodiff((void *)lsq_lapack_f, ad_dup, X, dX, ad_dup, y, dy, ad_const,
                t);
}
