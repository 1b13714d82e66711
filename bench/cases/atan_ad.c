/* atan: the ADPass gradient (compiled with -fplugin=libADPass.so). */
#define BENCH_PRIMAL_ONLY
#include "atan.c"

#include <ad.h>

void atan_grad_adpass(const float *x, float *dx, int n) {
  __ad_autodiff((void *)atan_f, ad_dup, x, dx, ad_const, n);
}
