/* The Hessian-vector product of the extended Rosenbrock function written
 * once in Enzyme's spelling (forward over reverse: __enzyme_fwddiff of a
 * function calling __enzyme_autodiff), compiled by both tools: ADPass
 * accepts Enzyme's names, and bench/higher/run.sh compiles this file a
 * second time with Enzyme's plugin when it was built. Prints the primal,
 * gradient and HVP times and the HVP/gradient ratio, checked against the
 * hand-written HVP. Usage: hvp_peer TOOL [n] (TOOL names the output). */
#include "rosenbrock.h"
#include "timing.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

extern int enzyme_dup, enzyme_const;
double __enzyme_autodiff(void *, ...);
double __enzyme_fwddiff(void *, ...);

/* The gradient into g (zeroed first: the shadow accumulates). */
__attribute__((noinline)) static void gradient(const double *x, double *g,
                                               int n) {
  for (int i = 0; i < n; ++i)
    g[i] = 0;
  __enzyme_autodiff((void *)rosen, enzyme_dup, x, g, enzyme_const, n);
}

/* hv = H(x) v: the tangent of the gradient along v. */
__attribute__((noinline)) static void hvp(const double *x, const double *v,
                                          double *g, double *hv, int n) {
  __enzyme_fwddiff((void *)gradient, enzyme_dup, x, v, enzyme_dup, g, hv,
                   enzyme_const, n);
}

int main(int argc, char **argv) {
  const char *tool = argc > 1 ? argv[1] : "?";
  int n = argc > 2 ? atoi(argv[2]) : 100000;
  double *x = malloc(n * sizeof *x), *v = malloc(n * sizeof *v),
         *g = malloc(n * sizeof *g), *hv = malloc(n * sizeof *hv),
         *ref = malloc(n * sizeof *ref);
  rosen_point(x, v, n);
  int k = n >= 10000 ? 20 : 2000;
  double tp, tg, th;
  volatile double sink = 0;
  TIME(tp, k, sink += rosen(x, n));
  TIME(tg, k, gradient(x, g, n));
  TIME(th, k, hvp(x, v, g, hv, n));
  hand_hvp(x, v, ref, n);
  double err = maxdiff(hv, ref, n);
  printf("%-7s n=%d: primal %.1f us, gradient %.1f us (%.2fx primal), HVP "
         "%.1f us (%.2fx gradient), HVP error %.1e\n",
         tool, n, tp * 1e6, tg * 1e6, tg / tp, th * 1e6, th / tg, err);
  free(x), free(v), free(g), free(hv), free(ref);
  return err < 1e-9 ? 0 : 1;
}
