// Found by random programs: at -O2 clang duplicates the malloc onto the
// (dead) n <= 0 path, so the memcpy's source is a phi of a block that is
// never written and the filled block; the derivative through the copy was
// dropped. f = a * s * x[2] with s = sum x: df/da = s x2,
// df/dx_i = a x2 + a s [i == 2].
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

double f(const double *x, double a, int n) {
  double s = 0, cp[8];
  for (int i = 0; i < n; i++)
    s += x[i];
  double *hp = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    hp[i] = s * x[i];
  memcpy(cp, hp, n * sizeof(double));
  free(hp);
  return a * cp[2];
}

static double A = 1.5;
static double fx(const double *x) { return f(x, A, 4); }
static double fa(double a) {
  double x[4] = {0.5, 0.7, 0.9, 1.1};
  return f(x, a, 4);
}

int main(void) {
  double x[4] = {0.5, 0.7, 0.9, 1.1}, dx[4] = {0}, s = 3.2;
  char name[32];
  double da = __ad_autodiff((void *)f, ad_dup, x, dx, A, ad_const, 4);
  ad_check("reverse da", da, s * x[2], ad_fd(fa, A));
  for (int i = 0; i < 4; i++) {
    double want = A * x[2] + (i == 2 ? A * s : 0), t[4] = {0};
    t[i] = 1;
    snprintf(name, sizeof name, "reverse dx[%d]", i);
    ad_check(name, dx[i], want, ad_fdn(fx, x, 4, i));
    snprintf(name, sizeof name, "forward e%d", i);
    ad_check(name,
             __ad_fwddiff((void *)f, ad_dup, x, t, ad_const, A, ad_const, 4),
             want, ad_fdn(fx, x, 4, i));
  }
  ad_check("forward da",
           __ad_fwddiff((void *)f, ad_const, x, ad_dup, A, 1.0, ad_const, 4),
           s * x[2], ad_fd(fa, A));
  return ad_check_report();
}
