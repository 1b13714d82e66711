// realloc of an ad_dup argument inside the differentiated function: the
// caller owns the block and its shadow, and realloc would free both under
// it. Refused at the realloc.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <stdlib.h>

double regrow(double *x) {
  // CHECK: realloc-dup-argument.c:[[@LINE+1]]:15: error: ADPass: in 'regrow': reallocates differentiated memory it did not allocate (an ad_dup argument, or a pointer it cannot trace to its allocation); allocate the final size outside the differentiated function
  double *y = realloc(x, 4 * sizeof(double));
  y[3] = y[0] * y[0];
  double r = y[3] * y[1];
  free(y);
  return r;
}

double g(double *x, double *dx) {
  return __ad_autodiff((void *)regrow, ad_dup, x, dx);
}
