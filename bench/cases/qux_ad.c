/* qux: the ADPass gradient (compiled with -fplugin=libADPass.so). */
#define BENCH_PRIMAL_ONLY
#include "qux.c"

#include <ad.h>

double qux_grad_adpass(double x, int a, int b) {
  return __ad_autodiff((void *)qux_f, ad_out, x, ad_const, a, ad_const, b);
}
