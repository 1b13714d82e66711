/* mlp_blas: the ADPass gradient (compiled with -fplugin=libADPass.so). */
#define BENCH_PRIMAL_ONLY
#include "mlp_blas.c"

#include <ad.h>

void mlp_blas_grad_adpass(const float *W1, const float *b1, const float *W2,
                          const float *b2, const float *X, float *dW1,
                          float *db1, float *dW2, float *db2) {
  __ad_autodiff((void *)mlp_blas_f, ad_dup, W1, dW1, ad_dup, b1, db1, ad_dup,
                W2, dW2, ad_dup, b2, db2, ad_const, X);
}
