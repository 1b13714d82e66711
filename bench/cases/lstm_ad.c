/* lstm: the ADPass gradient (compiled with -fplugin=libADPass.so). The
 * workspace s is the caller's, its shadow ds too. */
#define BENCH_PRIMAL_ONLY
#include "lstm.c"

#include <ad.h>
#include <string.h>

void lstm_grad_adpass(int l, int c, int b, const double *main_params,
                      const double *extra_params, const double *state,
                      const double *sequence, double *dmain, double *dextra,
                      double *s, double *ds) {
  memset(ds, 0, sizeof(double) * 2 * (size_t)l * (size_t)b);
  __ad_autodiff((void *)lstm_f, ad_const, l, ad_const, c, ad_const, b, ad_dup,
                main_params, dmain, ad_dup, extra_params, dextra, ad_const,
                state, ad_const, sequence, ad_dup, s, ds);
}
