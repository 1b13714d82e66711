// Data given to a function of fixed signature through globals: a pointer
// to a constant table kept in a plain global and in a thread-local one,
// both marked AD_INACTIVE_GLOBAL. Thread-local globals are reached through
// llvm.threadlocal.address, which hid the mark: refused ("cannot tell
// whether this unknown pointer points into differentiated memory"). The
// unmarked form is refused with a message naming the global and
// AD_INACTIVE_GLOBAL (Errors/global-pointer-unmarked.c).
//   f = sum_i c_i x_i^2 (c from a plain global) + sum_i t_i x_i (thread-local)
// RUN: %clang -O0 %s -o %t0 && %t0
// RUN: %clang -O1 %s -o %t1 && %t1
// RUN: %clang -O2 %s -o %t2 && %t2
// RUN: %clang -O3 %s -o %t3 && %t3
#include "adcheck.h"
#include <ad.h>

static const double C[3] = {1, 2, 3}, T[3] = {0.5, -1, 4};
AD_INACTIVE_GLOBAL static struct { const double *coef; } model;
AD_INACTIVE_GLOBAL static __thread const double *tl_c;

double f(const double *x, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += model.coef[i] * x[i] * x[i] + tl_c[i] * x[i];
  return s;
}

int main(void) {
  model.coef = C;
  tl_c = T;
  double x[3] = {1.5, -0.5, 2}, dx[3] = {0};
  __ad_autodiff((void *)f, x, dx, 3);
  for (int i = 0; i < 3; i++)
    ad_check("dx", dx[i], 2 * C[i] * x[i] + T[i], 2 * C[i] * x[i] + T[i]);
  double t[3] = {1, 2, -1};
  double d = __ad_fwddiff((void *)f, ad_dup, x, t, 3);
  double want = 0;
  for (int i = 0; i < 3; i++)
    want += (2 * C[i] * x[i] + T[i]) * t[i];
  ad_check("forward", d, want, want);
  return ad_check_report();
}
