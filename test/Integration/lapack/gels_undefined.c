// What gels leaves besides the solution has no derivative here: the
// residual's coordinates below the solution in B (overdetermined), and the
// QR factor in A. A function whose result uses them stops in the reverse
// sweep with a message instead of returning a wrong gradient; forward mode
// gives NaN tangents there. The solution alone is differentiated as usual.
// RUN: %clang -O1 %s -o %t %lapack_openblas && %t | %FileCheck %s --check-prefix=OK
// RUN: %clang -O1 -DRESIDUAL %s -o %t1 %lapack_openblas && %not --crash %t1 2>&1 | %FileCheck %s --check-prefix=RESIDUAL
// RUN: %clang -O2 -DFACTOR %s -o %t2 %lapack_openblas && %not --crash %t2 2>&1 | %FileCheck %s --check-prefix=FACTOR
// RUN: %clang -O0 -DRESIDUAL -DFORWARD %s -o %t3 %lapack_openblas && %t3 | %FileCheck %s --check-prefix=NAN
// OK: gradient -0.5 {{-?[0-9.e-]+}} 0.5
// OK: tangent -0.5
// RESIDUAL: ADPass: the derivative of gels: the function uses the residual rows
// RESIDUAL-NOT: gradient
// FACTOR: ADPass: the derivative of gels: the function uses the QR or LQ factor
// FACTOR-NOT: gradient
// NAN: tangent nan
#include <ad.h>
#include <stdio.h>

int LAPACKE_dgels(int, char, int, int, int, double *, int, double *, int);

/* Fits y = c0 + c1 t to three points; returns the slope (and, with
 * RESIDUAL or FACTOR, something gels leaves that has no derivative). */
static double fit(double *y) {
  double a[6] = {1, 1, 1, 0, 1, 2}, b[3] = {y[0], y[1], y[2]};
#ifdef FACTOR
  a[5] += 0.1 * y[0]; /* a factor of a constant matrix would be constant */
#endif
  LAPACKE_dgels(102, 'N', 3, 2, 1, a, 3, b, 3);
#if defined(RESIDUAL)
  return b[1] + b[2] * b[2];
#elif defined(FACTOR)
  return b[1] + a[0];
#else
  return b[1];
#endif
}

int main(void) {
  double y[3] = {1, 2.5, 2.9}, dy[3] = {0}, v[3] = {1, 0, 0};
#ifndef FORWARD
  __ad_autodiff((void *)fit, ad_dup, y, dy);
  /* The slope is (y2 - y0) / 2 with this design. */
  printf("gradient %g %g %g\n", dy[0], dy[1], dy[2]);
#endif
  printf("tangent %g\n", __ad_fwddiff((void *)fit, ad_dup, y, v));
  return 0;
}
