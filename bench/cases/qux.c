/* qux: aa = a ? sin(x) : cos(x); bb = b ? sech(aa) : tanh(aa). Branchy
 * scalar code. Shared primal: qux_ad.c includes this file with
 * BENCH_PRIMAL_ONLY defined. */
#include <math.h>

static double qux_f(double x, int a, int b) {
  double aa = a ? sin(x) : cos(x);
  double bb = b ? 1.0 / cosh(aa) : tanh(aa);
  return bb;
}

#ifndef BENCH_PRIMAL_ONLY
double qux_primal(double x, int a, int b) { return qux_f(x, a, b); }

/* sech' = -sech tanh, tanh' = 1 - tanh^2, sin' = cos, cos' = -sin. */
double qux_grad_hand(double x, int a, int b) {
  double aa, daa;
  if (a) {
    aa = sin(x);
    daa = cos(x);
  } else {
    aa = cos(x);
    daa = -sin(x);
  }
  double t = tanh(aa);
  return b ? -t / cosh(aa) * daa : (1.0 - t * t) * daa;
}
#endif
