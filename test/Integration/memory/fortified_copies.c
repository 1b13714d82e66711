// Programs built with _FORTIFY_SOURCE (distributions' default flags) call
// checked copies, __memcpy_chk, __memmove_chk and __memset_chk, where the
// destination's size is known. They are differentiated as the copies they
// are; a copy longer than its destination still stops the program.
// Reverse and forward mode against analytic values, every level.
// RUN: %clang -O0 -D_FORTIFY_SOURCE=2 %s -o %t0 && %t0
// RUN: %clang -O1 -D_FORTIFY_SOURCE=2 %s -o %t1 && %t1
// RUN: %clang -O2 -D_FORTIFY_SOURCE=2 %s -o %t2 && %t2
// RUN: %clang -O3 -D_FORTIFY_SOURCE=3 %s -o %t3 && %t3
// RUN: %clang -O2 -D_FORTIFY_SOURCE=2 -DOVERFLOW %s -o %t4 && %not --crash %t4 2>&1 | %FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: buffer overflow detected
#include "adcheck.h"
#include <ad.h>
#include <stdio.h>
#include <string.h>

/* sum of squares of a copy, of a shifted copy (memmove) and of a partly
 * cleared buffer (memset) */
static double copies(const double *x, int n) {
  double buf[16], tmp[16];
  memcpy(buf, x, n * sizeof(double));
  memmove(buf + 1, buf, (n - 1) * sizeof(double));
  memcpy(tmp, x, n * sizeof(double));
  memset(tmp, 0, (n / 2) * sizeof(double));
  double s = 0;
  for (int i = 0; i < n; i++)
    s += buf[i] * buf[i] + 3 * tmp[i] * tmp[i] * tmp[i];
  return s;
}

#ifdef OVERFLOW
static double overflow(const double *x, int n) {
  double buf[4];
  memcpy(buf, x, n * sizeof(double));
  return buf[0] * buf[3];
}
#endif

int main(void) {
  enum { N = 6 };
  double x[N] = {1, -2, 0.5, 3, 1.5, -1}, dx[N] = {0}, v[N];
  __ad_autodiff((void *)copies, ad_dup, x, dx, ad_const, N);
  /* buf = x0 x0 x1 x2 x3 x4; tmp = 0 0 0 x3 x4 x5 */
  double want[N];
  for (int i = 0; i < N; i++)
    want[i] = (i == 0 ? 4 : 2) * x[i] * (i < N - 1) +
              (i >= N / 2 ? 9 * x[i] * x[i] : 0);
  for (int i = 0; i < N; i++) {
    double q[N];
    memcpy(q, x, sizeof q);
    q[i] = x[i] + 1e-5;
    double up = copies(q, N);
    q[i] = x[i] - 1e-5;
    double fd = (up - copies(q, N)) / 2e-5;
    char name[32];
    snprintf(name, sizeof name, "reverse d/dx%d", i);
    ad_check(name, dx[i], want[i], fd);
    for (int j = 0; j < N; j++)
      v[j] = i == j;
    snprintf(name, sizeof name, "forward d/dx%d", i);
    ad_check(name, __ad_fwddiff((void *)copies, ad_dup, x, v, ad_const, N),
             want[i], fd);
  }
#ifdef OVERFLOW
  double y[8] = {1, 2, 3, 4, 5, 6, 7, 8}, dy[8] = {0};
  volatile int n = 8;
  __ad_autodiff((void *)overflow, ad_dup, y, dy, ad_const, (int)n);
#endif
  return ad_check_report();
}
