// A table of row pointers the function builds but also hands to a function
// it cannot see: that function may store any pointer into it, so rows read
// back from the table may point anywhere. Refused where such a row is read.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <stdlib.h>

void fill(double **t, int n) AD_INACTIVE;

double table(const double *x, int n) {
  double **t = malloc(2 * sizeof(double *));
  t[0] = malloc(n * sizeof(double));
  t[1] = t[0];
  fill(t, n);
  // CHECK: table-escapes.c:[[@LINE+1]]:11: error: ADPass: in 'table': an active value is stored to memory that has no shadow (unknown pointer) and read back; pass that pointer as ad_dup
  t[0][0] = x[0] * x[0];
  // CHECK: table-escapes.c:[[@LINE+1]]:10: error: ADPass: in 'table': cannot tell whether this unknown pointer points into differentiated memory
  return t[1][0] * x[1];
}

double g(const double *x, double *dx, int n) {
  return __ad_autodiff((void *)table, ad_dup, x, dx, n);
}
