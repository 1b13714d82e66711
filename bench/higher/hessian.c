/* Higher derivatives of the extended Rosenbrock function: the gradient, the
 * Hessian-vector product by forward over reverse (target: <= 4x the
 * gradient's time), by finite differences of two gradients and by hand;
 * the dense Hessian of n = 100 by vector forward over reverse (8
 * Hessian-vector products per call), by n scalar Hessian-vector products,
 * by finite differences of gradients and by hand. Each time is the best of
 * several repetitions; the results are checked against the hand-written ones.
 * Usage: hessian [n_hvp] (default 100000). */
#include "rosenbrock.h"
#include "timing.h"
#include <ad_higher.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

AD_DEFINE_HESSIAN(rosen_d2, rosen)

static void hand_gradient(const double *x, double *g, int n) {
  for (int i = 0; i < n; ++i)
    g[i] = 0;
  for (int i = 0; i + 1 < n; ++i) {
    double a = x[i + 1] - x[i] * x[i];
    g[i] += -400 * x[i] * a - 2 * (1 - x[i]);
    g[i + 1] += 200 * a;
  }
}

static void fd_hvp(const double *x, const double *v, double *hv, double *xp,
                   double *gp, double *gm, int n) {
  double h = 1e-6;
  for (int i = 0; i < n; ++i)
    xp[i] = x[i] + h * v[i];
  rosen_d2_gradient(xp, gp, n);
  for (int i = 0; i < n; ++i)
    xp[i] = x[i] - h * v[i];
  rosen_d2_gradient(xp, gm, n);
  for (int i = 0; i < n; ++i)
    hv[i] = (gp[i] - gm[i]) / (2 * h);
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000;
  double *x = malloc(n * sizeof *x), *v = malloc(n * sizeof *v),
         *g = malloc(n * sizeof *g), *hv = malloc(n * sizeof *hv),
         *ref = malloc(n * sizeof *ref), *xp = malloc(n * sizeof *xp),
         *gp = malloc(n * sizeof *gp), *gm = malloc(n * sizeof *gm);
  rosen_point(x, v, n);
  int k = n >= 10000 ? 20 : 2000;
  double tp, tg, th, thv, tfd;
  volatile double sink = 0;
  TIME(tp, k, sink += rosen(x, n));
  TIME(tg, k, rosen_d2_gradient(x, g, n));
  TIME(th, k, hand_gradient(x, ref, n));
  double gerr = maxdiff(g, ref, n);
  TIME(thv, k, rosen_d2_hvp(x, v, hv, g, n));
  hand_hvp(x, v, ref, n);
  double herr = maxdiff(hv, ref, n);
  double thand;
  TIME(thand, k, hand_hvp(x, v, ref, n));
  TIME(tfd, k, fd_hvp(x, v, hv, xp, gp, gm, n));
  double fderr = maxdiff(hv, ref, n);
  printf("Rosenbrock n = %d (times per evaluation)\n", n);
  printf("  primal                  %10.3f us\n", tp * 1e6);
  printf("  gradient ADPass         %10.3f us  (%.2fx primal; hand %.3f us)"
         "  err %.1e\n",
         tg * 1e6, tg / tp, th * 1e6, gerr);
  printf("  HVP fwd over rev        %10.3f us  (%.2fx the gradient; target "
         "<= 4x)  err %.1e\n",
         thv * 1e6, thv / tg, herr);
  printf("  HVP finite differences  %10.3f us  (%.2fx the gradient)  err "
         "%.1e\n",
         tfd * 1e6, tfd / tg, fderr);
  printf("  HVP by hand             %10.3f us\n", thand * 1e6);

  /* Dense Hessian, n = 100. */
  enum { M = 100 };
  static double H[M * M], Href[M * M], Hfd[M * M], work[AD_HESSIAN_WORK(M)];
  double th1, th2, th3;
  TIME(th1, 200, rosen_d2_hessian(x, H, M, work));
  static double Hs[M * M];
  double th4;
  TIME(th4, 200, {
    for (int j = 0; j < M; ++j) {
      for (int i = 0; i < M; ++i)
        v[i] = i == j;
      rosen_d2_hvp(x, v, Hs + j * M, g, M);
    }
  });
  TIME(th2, 200, {
    for (int j = 0; j < M; ++j) {
      for (int i = 0; i < M; ++i)
        v[i] = i == j;
      fd_hvp(x, v, Hfd + j * M, xp, gp, gm, M);
    }
  });
  TIME(th3, 200, {
    for (int j = 0; j < M * M; ++j)
      Href[j] = 0;
    for (int i = 0; i + 1 < M; ++i) {
      Href[i * M + i] += 1200 * x[i] * x[i] - 400 * x[i + 1] + 2;
      Href[i * M + i + 1] = Href[(i + 1) * M + i] = -400 * x[i];
      Href[(i + 1) * M + i + 1] += 200;
    }
  });
  printf("Dense Hessian, Rosenbrock n = %d\n", M);
  printf("  vector fwd over rev     %10.3f us  err %.1e (%d HVPs per call)\n",
         th1 * 1e6, maxdiff(H, Href, M * M), AD_JACOBIAN_LANES);
  printf("  n scalar HVPs           %10.3f us  (%.2fx the vector mode)\n",
         th4 * 1e6, th4 / th1);
  printf("  finite differences      %10.3f us  err %.1e (2n gradients)\n",
         th2 * 1e6, maxdiff(Hfd, Href, M * M));
  printf("  by hand                 %10.3f us\n", th3 * 1e6);
  int bad = gerr > 1e-12 || herr > 1e-12 || maxdiff(H, Href, M * M) > 1e-12 ||
            maxdiff(Hs, H, M * M) != 0;
  return bad || sink == 42;
}
