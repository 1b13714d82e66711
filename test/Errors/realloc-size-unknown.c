// realloc of a block whose pointer was read back from memory: the size of
// the old block (how many shadow bytes to keep, how many adjoints to move
// back) is not known where the realloc happens. Refused at the realloc.
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <stdlib.h>

double rows(const double *x, int n, int m) {
  double **t = malloc(n * sizeof(double *));
  for (int i = 0; i < n; ++i) {
    t[i] = malloc(sizeof(double));
    t[i][0] = x[i] * x[i];
  }
  double r = 0;
  for (int i = 0; i < n; ++i) {
    // CHECK: realloc-size-unknown.c:[[@LINE+1]]:12: error: ADPass: in 'rows': cannot tell the size of the block reallocated here (it was read back from memory, or made by posix_memalign); keep the pointer realloc or malloc returned in a variable
    t[i] = realloc(t[i], m * sizeof(double));
    t[i][1] = t[i][0] * x[i];
    r += t[i][1];
  }
  for (int i = 0; i < n; ++i)
    free(t[i]);
  free(t);
  return r;
}

double g(const double *x, double *dx, int n, int m) {
  return __ad_autodiff((void *)rows, ad_dup, x, dx, n, m);
}
