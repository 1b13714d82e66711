// qsort of differentiated memory whose elements hold pointers as well as
// doubles is refused: the shadows of the pointers would have to move with
// them in the forward sweep. The error suggests sorting indices. (Integer
// fields are harmless: their shadow bytes move along unused.)
// RUN: %not %clang -O2 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
// RUN: %not %clang -O0 -g -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=PLEASE --implicit-check-not="Stack dump"
#include <ad.h>
#include <stdlib.h>

struct item {
  double *p;
  double v;
};

static int by_v(const void *a, const void *b) {
  double x = ((const struct item *)a)->v, y = ((const struct item *)b)->v;
  return (x > y) - (x < y);
}

double top(struct item *it, int n) {
  // CHECK: qsort-mixed.c:[[@LINE+1]]:3: error: ADPass: in 'top': qsort of differentiated memory that holds pointers; only elements of numbers are supported (sort an array of indices instead)
  qsort(it, n, sizeof *it, by_v);
  return it[0].v * *it[1].p;
}

double g(struct item *it, struct item *dit, int n) {
  return __ad_autodiff((void *)top, ad_dup, it, dit, ad_const, n);
}
