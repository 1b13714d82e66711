/* ba: the ADPass Jacobian (compiled with -fplugin=libADPass.so). Per
 * observation, one reverse sweep for each of the two reprojection residuals
 * (seeded through the shadow of err), and one for the weight residual. The
 * loop over observations is the caller's; the differentiated functions are
 * loop-free. */
#define BENCH_PRIMAL_ONLY
#include "ba.c"

#include <ad.h>

void ba_jacobian_adpass(int p, const double *cams, const double *X,
                        const double *w, const int *obs, const double *feats,
                        double *J) {
  for (int i = 0; i < p; ++i) {
    const double *cam = cams + BA_NCAM * obs[2 * i];
    const double *pt = X + 3 * obs[2 * i + 1];
    double *Ji = J + BA_JSTRIDE * i;
    memset(Ji, 0, sizeof(double) * BA_JSTRIDE);
    for (int r = 0; r < 2; ++r) {
      double err[2], derr[2] = {r == 0, r == 1};
      double *row = Ji + 15 * r;
      __ad_autodiff((void *)ba_reproj_err, ad_dup, cam, row, ad_dup, pt,
                    row + 11, ad_dup, w + i, row + 14, ad_const, feats + 2 * i,
                    ad_dupnoneed, err, derr);
    }
    double we, dwe = 1.0;
    __ad_autodiff((void *)ba_w_err, ad_dup, w + i, Ji + 30, ad_dupnoneed, &we,
                  &dwe);
  }
}
