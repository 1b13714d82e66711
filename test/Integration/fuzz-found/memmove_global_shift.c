// Found by tools/adfuzz: an overlapping memmove of fixed size inside a
// global `double g[8]` that is also read at fixed offsets was refused in
// reverse mode ("cannot tell what the memory copied here holds (mixed)"),
// as if it were a struct copy of unknown fields; an array of one
// floating-point type holds nothing else. Forward mode accepted it.
// g = x_{k mod n} (k + 1), then three times: shift g left by one, acc += g0^2
// -> acc = (2 x1)^2 + (3 x2)^2 + (4 x3)^2: df/dx_k = 2 (k + 1)^2 x_k, k >= 1.
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %valgrind %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

static double g[8];

__attribute__((noinline)) double shift(double u) {
  memmove(g, g + 1, 7 * sizeof(double));
  return u;
}

double f(const double *x, int n) {
  for (int k = 0; k < 8; k++)
    g[k] = x[k % n] * (k + 1);
  double acc = 0;
  for (int i = 0; i < 3; i++)
    acc += shift(0.0) + g[0] * g[0];
  return acc;
}

static double f4(const double *x) { return f(x, 4); }

int main(void) {
  double x[4] = {0.5, 0.7, 0.9, 1.1}, dx[4] = {0};
  char name[32];
  __ad_autodiff((void *)f, ad_dup, x, dx, ad_const, 4);
  for (int k = 0; k < 4; k++) {
    double want = k == 0 ? 0 : 2 * (k + 1) * (k + 1) * x[k], t[4] = {0};
    t[k] = 1;
    snprintf(name, sizeof name, "reverse dx[%d]", k);
    ad_check(name, dx[k], want, ad_fdn(f4, x, 4, k));
    snprintf(name, sizeof name, "forward e%d", k);
    ad_check(name, __ad_fwddiff((void *)f, ad_dup, x, t, ad_const, 4), want,
             ad_fdn(f4, x, 4, k));
  }
  return ad_check_report();
}
