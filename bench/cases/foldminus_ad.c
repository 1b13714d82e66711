/* foldminus: the ADPass gradient (compiled with -fplugin=libADPass.so). */
#define BENCH_PRIMAL_ONLY
#include "foldminus.c"

#include <ad.h>

void foldminus_grad_adpass(const double *x, double *dx) {
  __ad_autodiff((void *)foldminus_f, ad_dup, x, dx);
}
