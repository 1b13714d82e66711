// Freeing an ad_dup argument inside the differentiated function: the
// reverse sweep would still need that memory (and the caller owns its
// shadow). Refused at the free.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <stdlib.h>

double consume(double *x) {
  double r = x[0] * x[0];
  // CHECK: free-dup-argument.c:[[@LINE+1]]:3: error: ADPass: in 'consume': frees differentiated memory it did not allocate
  free(x);
  return r;
}

double g(double *x, double *dx) {
  return __ad_autodiff((void *)consume, ad_dup, x, dx);
}
