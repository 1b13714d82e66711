/* eam: the ADPass gradient (compiled with -fplugin=libADPass.so). */
#define BENCH_PRIMAL_ONLY
#include "eam.c"

#include <ad.h>

void eam_grad_adpass(const double *x, double *dx, int n) {
  __ad_autodiff((void *)eam_f, ad_dup, x, dx, ad_const, n);
}
