/* sumsq: the ADPass gradient (compiled with -fplugin=libADPass.so). */
#define BENCH_PRIMAL_ONLY
#include "sumsq.c"

#include <ad.h>

void sumsq_grad_adpass(const float *x, float *dx, int n) {
  __ad_autodiff((void *)sumsq_f, ad_dup, x, dx, ad_const, n);
}
