// A recursive function that writes memory is differentiated in split mode:
// its augmented forward returns before its reverse runs. A variable-length
// array the reverse sweep still reads moves to the heap with its shadow
// (it was refused before). Analytic value: the same recursion on dual
// numbers, written by hand.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

void down(double *x, const double *prev, int n) {
  if (n == 0)
    return;
  double loc[n];
  for (int i = 0; i < n; i++)
    loc[i] = x[i] * prev[0];
  down(x + 1, loc, n - 1);
  x[0] = loc[0] * loc[n - 1];
}

double top(double *x, int n) {
  double p = 1.5;
  down(x, &p, n);
  return x[0];
}

/* down on dual numbers (x, tx): tangents along tx. */
static void down_t(double *x, double *tx, const double *prev,
                   const double *tprev, int n) {
  if (n == 0)
    return;
  double loc[8], tloc[8];
  for (int i = 0; i < n; i++) {
    loc[i] = x[i] * prev[0];
    tloc[i] = tx[i] * prev[0] + x[i] * tprev[0];
  }
  down_t(x + 1, tx + 1, loc, tloc, n - 1);
  tx[0] = tloc[0] * loc[n - 1] + loc[0] * tloc[n - 1];
  x[0] = loc[0] * loc[n - 1];
}

static const double X0[4] = {0.9, 1.1, 0.7, 1.2};
static double top4(const double *x) {
  double y[4];
  memcpy(y, x, sizeof y);
  return top(y, 4);
}

int main(void) {
  char name[32];
  double x[4], dx[4] = {0};
  memcpy(x, X0, sizeof x);
  __ad_autodiff((void *)top, ad_dup, x, dx, ad_const, 4);
  for (int i = 0; i < 4; i++) {
    double y[4], t[4] = {0}, p = 1.5, tp = 0;
    memcpy(y, X0, sizeof y);
    t[i] = 1;
    down_t(y, t, &p, &tp, 4);
    snprintf(name, sizeof name, "dx[%d]", i);
    ad_check(name, dx[i], t[0], ad_fdn(top4, X0, 4, i));
  }
  return ad_check_report();
}
