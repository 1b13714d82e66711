// In-place overwrites outside loops: x[0] = x[0]^2; x[0] = sin(x[0]) (the
// second store overwrites the first; the seed is not added back), the same
// with an AD_INACTIVE call reading x in between (so that -O2 keeps the first
// store), and a chain of overwrites reading each other: x[1] = x[0] x[1];
// x[0] = x[1] + x[0]; x[2] = x[0] - x[2]; x[1] = x[1] x[1]. Checked against
// the tangent and the finite difference of w . f(x).
// RUN: %clang -O0 %s -o %t0 -lm && %t0
// RUN: %clang -O1 %s -o %t1 -lm && %t1
// RUN: %clang -O2 %s -o %t2 -lm && %t2
// RUN: %clang -O3 %s -o %t3 -lm && %t3
// REQUIRES: valgrind
// RUN: %clang -O2 -gdwarf-4 %s -o %t.vg -lm && valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=definite %t.vg
#include "../loops/Inputs/loopfd.h"
#include "adcheck.h"
#include <ad.h>
#include <math.h>
#include <string.h>

void twice(double *x, int n) {
  (void)n;
  x[0] = x[0] * x[0];
  x[0] = sin(x[0]);
}

/* The same with an AD_INACTIVE call that may read x between the stores, so
 * that the optimizer keeps the first one. */
static double seen;
AD_INACTIVE static void note(const double *x) { seen += x[0]; }
void twice_noted(double *x, int n) {
  (void)n;
  x[0] = x[0] * x[0];
  note(x);
  x[0] = sin(x[0]);
}

void chain(double *x, int n) {
  (void)n;
  x[1] = x[0] * x[1];
  x[0] = x[1] + x[0];
  x[2] = x[0] - x[2];
  x[1] = x[1] * x[1];
}

static void twice_t(double *x, double *t, int n) {
  (void)n;
  t[0] = cos(x[0] * x[0]) * 2 * x[0] * t[0];
  twice(x, n);
}
static void chain_t(double *x, double *t, int n) {
  double a = x[0], b = x[1];
  double ta = t[0], tb = t[1], tc = t[2];
  double t1 = ta * b + a * tb; /* x1' = a b */
  double t0 = t1 + ta;         /* x0' = a b + a */
  t[0] = t0;
  t[2] = t0 - tc;          /* x2' = a b + a - c */
  t[1] = 2 * (a * b) * t1; /* x1'' = (a b)^2 */
  chain(x, n);
}

int main(void) {
  double x0[3] = {0.7, -1.2, 0.4}, w[3] = {1.5, -0.5, 2.0};
  double x[3], dx[3];

  memcpy(x, x0, sizeof x);
  memcpy(dx, w, sizeof dx);
  __ad_autodiff((void *)twice, ad_dup, x, dx, 3);
  lfd_check_inplace("twice", twice, twice_t, x0, 3, w, x, dx);
  ad_check_eq("twice dx[0]", dx[0], w[0] * cos(0.49) * 1.4);

  memcpy(x, x0, sizeof x);
  memcpy(dx, w, sizeof dx);
  seen = 0;
  __ad_autodiff((void *)twice_noted, ad_dup, x, dx, 3);
  ad_check_eq("twice_noted saw x0^2", seen, 0.49);
  lfd_check_inplace("twice_noted", twice, twice_t, x0, 3, w, x, dx);

  memcpy(x, x0, sizeof x);
  memcpy(dx, w, sizeof dx);
  __ad_autodiff((void *)chain, ad_dup, x, dx, 3);
  lfd_check_inplace("chain", chain, chain_t, x0, 3, w, x, dx);
  return ad_check_report();
}
